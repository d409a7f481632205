import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { createCrudResource, type ListParams, type Page } from '@/lib/crud';

export type WorkersGroup = components['schemas']['WorkersGroup'];
export type WorkersGroupRequest = components['schemas']['WorkersGroupRequest'];
export type InstitutionWorker = components['schemas']['InstitutionWorker'];

/**
 * `institutionsWorkers/groups`: list (`search`, `institutionId`, `sort`), get, create, update, delete (members
 * become ungrouped) and options. Workers show their group's name, so they are refreshed after a change.
 */
export const workersGroups = createCrudResource<WorkersGroup, WorkersGroupRequest>({
  key: 'institutionsWorkersGroups',
  path: 'institutionsWorkers/groups',
  invalidates: ['institutionsWorkers'],
});

/** `institutionsWorkers/groups/{id}/members`: the group's workers, paged. */
export const workersGroupMembersQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: [workersGroups.key, 'members', id, params],
    queryFn: async (): Promise<Page<InstitutionWorker>> =>
      expectOk(await api.get<Page<InstitutionWorker>>(`institutionsWorkers/groups/${id}/members`, params)),
    placeholderData: keepPreviousData,
  });
export const useWorkersGroupMembers = (id: number, params: ListParams) => useQuery(workersGroupMembersQuery(id, params));
