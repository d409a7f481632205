import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { SelectOption } from '@/components/multi-select-label';
import { OPTION_LIST_PER_PAGE, createCrudResource, useAction, type Page } from '@/lib/crud';

export type Classroom = components['schemas']['Classroom'];
export type ClassroomRequest = components['schemas']['ClassroomRequest'];
type PriceListsGroup = components['schemas']['PriceListsGroup'];

/** `classrooms`: list (`institutionId`, `search`, `sort`), get, create, update, delete (409 while it has children). */
export const classrooms = createCrudResource<Classroom, ClassroomRequest>({
  key: 'classrooms',
  path: 'classrooms',
  // Institutions show how many classrooms they have.
  invalidates: ['institutions'],
});

/** `classrooms/bulkDelete/{ids}`: all or nothing (409 listing the classrooms that still have children). */
export const useBulkDeleteClassrooms = () =>
  useAction('classrooms/bulkDelete/{ids}', { method: 'DELETE', invalidates: [classrooms.key, 'institutions'] });

/**
 * The price lists groups a classroom may point at (groups for group orders excluded, as in the child form).
 * Kept under this feature's key: the pricing screens own the groups' own cache entries.
 */
export const priceListsGroupOptionsQuery = () =>
  queryOptions({
    queryKey: [classrooms.key, 'priceListsGroupOptions'],
    queryFn: async (): Promise<SelectOption[]> =>
      expectOk(await api.get<Page<PriceListsGroup>>('priceLists/groups', { perPage: OPTION_LIST_PER_PAGE })).items
        .filter((group) => !group.forGroupOrders)
        .map((group) => ({ value: group.id, text: group.name })),
  });

export const usePriceListsGroupOptions = () => useQuery(priceListsGroupOptionsQuery());
