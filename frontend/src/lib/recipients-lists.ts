import { useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { OPTION_LIST_PER_PAGE, type Page } from '@/lib/crud';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';

type RecipientsList = components['schemas']['RecipientsList'];

/** Reading the saved lists (`recipients`) is the administrators' (announcements.manage). */
export const RECIPIENTS_ABILITY = 'announcements.manage';

/**
 * The saved recipients lists a report may be sent to (the one-off send and the automated reports): `undefined` when
 * the user may not read them, so the choice is not shown at all.
 */
export function useRecipientsListChoices(): { value: number; text: string }[] | undefined {
  const { user } = useSession();
  const allowed = user !== undefined && hasAbility(user, RECIPIENTS_ABILITY);
  const lists = useQuery({
    queryKey: ['recipients', 'reportOptions'],
    queryFn: async () => expectOk(await api.get<Page<RecipientsList>>('recipients', { perPage: OPTION_LIST_PER_PAGE })).items,
    enabled: allowed,
  });
  if (!allowed) return undefined;
  return (lists.data ?? []).map((list) => ({ value: list.id, text: list.name }));
}
