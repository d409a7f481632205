import { useSearchParams } from 'react-router';
import { addDays, todayIso } from '@/lib/calendar/dates';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { TransportPanel } from './TransportPanel';

/** Under `/mealsToPrepare` (its index child): the transport panel for the page's kitchen and day, for those who
 * may release batches (admins and cooks). */
export function TransportSection() {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  if (!user || !hasAbility(user, 'kitchen.transport')) return null;
  const date = searchParams.get('date') || addDays(todayIso(), 1);
  const kitchenId = searchParams.get('kitchenId');
  return <TransportPanel kitchenId={kitchenId ? Number(kitchenId) : null} date={date} />;
}
