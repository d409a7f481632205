import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { OPTION_LIST_PER_PAGE, type Page } from '@/lib/crud';
import type { SubjectRef } from './types';

export interface Receiver extends SubjectRef {
  name: string;
}

type ChildOption = components['schemas']['ChildOption'];

/**
 * The parent's children: the children option list, which the server limits to the caller's own children
 * (archived ones left out); a deactivated child takes no orders, so it is not a meal receiver either.
 */
async function getOwnChildren(): Promise<Receiver[]> {
  const data = expectOk(await api.get<Page<ChildOption>>('children/options', { perPage: OPTION_LIST_PER_PAGE }));
  return data.items.filter((option) => option.isActive !== false).map((option) => ({ type: 'child', id: option.value, name: option.text }));
}

/**
 * The meal receivers of a customer: a parent's children, and a worker themself (type institution_worker,
 * id = the user's id, as the calendar API addresses workers).
 */
export function useReceivers(user: CurrentUser) {
  const isParent = user.roles.includes('ROLE_PARENT');
  const isWorker = user.roles.includes('ROLE_INSTITUTION_WORKER');
  const children = useQuery({
    ...queryOptions({ queryKey: ['children', 'options', 'calendar'], queryFn: getOwnChildren }),
    enabled: isParent,
  });
  const self: Receiver[] = isWorker ? [{ type: 'institution_worker', id: user.id, name: user.fullName }] : [];
  return {
    receivers: [...self, ...(children.data ?? [])],
    isPending: isParent && children.isPending,
    error: children.error,
    refetch: children.refetch,
  };
}
