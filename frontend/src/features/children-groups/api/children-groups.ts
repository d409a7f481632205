import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { SelectOption } from '@/components/multi-select-label';
import { OPTION_LIST_PER_PAGE, createCrudResource, type ListParams, type Page } from '@/lib/crud';

export type ChildrenGroup = components['schemas']['ChildrenGroup'];
export type ChildrenGroupRequest = components['schemas']['ChildrenGroupRequest'];
export type ChildrenGroupMember = components['schemas']['ChildrenGroupMember'];
type ChildOption = components['schemas']['ChildOption'];
type Classroom = components['schemas']['Classroom'];

/**
 * `children-groups`: list (`search`, `sort`), get, create, update (name and optionally classroomsIds), delete
 * (the children become ungrouped) and options. Children show their group, so they are refreshed after a change.
 */
export const childrenGroups = createCrudResource<ChildrenGroup, ChildrenGroupRequest>({
  key: 'childrenGroups',
  path: 'children-groups',
  invalidates: ['children'],
});

/**
 * `children-groups/{id}/members`, paged: the children who chose the group (`via: child`) and the ungrouped
 * children of its classrooms (`via: classroom`).
 */
export const childrenGroupMembersQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: [childrenGroups.key, 'members', id, params],
    queryFn: async (): Promise<Page<ChildrenGroupMember>> =>
      expectOk(await api.get<Page<ChildrenGroupMember>>(`children-groups/${id}/members`, params)),
    placeholderData: keepPreviousData,
  });
export const useChildrenGroupMembers = (id: number, params: ListParams) => useQuery(childrenGroupMembersQuery(id, params));

/** `PUT children-groups/{id}/children` {childrenIds} or `.../classrooms` {classroomsIds}: answers the group. */
export function useSetGroupMembers(kind: 'children' | 'classrooms') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ids }: { id: number; ids: number[] }) =>
      expectOk(
        await api.put<ChildrenGroup>(`children-groups/${id}/${kind}`, kind === 'children' ? { childrenIds: ids } : { classroomsIds: ids }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [childrenGroups.key] }),
        queryClient.invalidateQueries({ queryKey: ['children'] }),
      ]),
  });
}

/** Every child (not archived) as an option: "Last First (classroom)". */
export const childOptionsQuery = () =>
  queryOptions({
    queryKey: ['children', 'options', 'childrenGroups'],
    queryFn: async (): Promise<ChildOption[]> =>
      expectOk(await api.get<Page<ChildOption>>('children/options', { perPage: OPTION_LIST_PER_PAGE })).items,
  });
export const useChildOptions = () => useQuery(childOptionsQuery());

/** Every classroom as an option: "Institution – classroom". */
export const classroomOptionsQuery = () =>
  queryOptions({
    queryKey: ['classrooms', 'options', 'childrenGroups'],
    queryFn: async (): Promise<SelectOption[]> =>
      expectOk(await api.get<Page<Classroom>>('classrooms', { perPage: OPTION_LIST_PER_PAGE })).items.map((classroom) => ({
        value: classroom.id,
        text: `${classroom.institution.name} – ${classroom.name}`,
      })),
  });
export const useClassroomOptions = () => useQuery(classroomOptionsQuery());
