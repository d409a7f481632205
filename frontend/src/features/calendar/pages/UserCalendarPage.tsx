import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import type { CurrentUser } from '@/features/auth/api/get-current-user';
import { useSession } from '@/features/session/session-context';
import { useReceivers } from '../api/receivers';
import { CalendarBoard } from '../components/CalendarBoard';

/** `/calendar/user`: the home of parents and workers — order and cancel meals for their meal receivers. */
export function UserCalendarPage({ layout }: { layout?: 'grid' | 'list' }) {
  const { t } = useTranslation(['calendar', 'routes']);
  const { user } = useSession();
  return (
    <section>
      <PageHeader title={t('routes:areas.calendar_user')} />
      {user ? <UserCalendar user={user} layout={layout} /> : <LoadingSpinner />}
    </section>
  );
}

function UserCalendar({ user, layout }: { user: CurrentUser; layout?: 'grid' | 'list' }) {
  const { t } = useTranslation('calendar');
  const { receivers, isPending, error, refetch } = useReceivers(user);
  if (isPending) return <LoadingSpinner />;
  if (error && receivers.length === 0) {
    return (
      <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-2">
        <span>{error.message}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void refetch()}>
          {t('common:retry')}
        </Button>
      </Alert>
    );
  }
  if (receivers.length === 0) {
    return (
      <Alert variant="info">
        {t('noReceivers')} <Link to="/children/create">{t('addChild')}</Link>
      </Alert>
    );
  }
  return <CalendarBoard receivers={receivers} drafts automarkInfo layout={layout} />;
}
