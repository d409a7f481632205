import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, expectOk, expectStatus } from '@/api/client';
import { createCrudResource, type EntityId } from '@/lib/crud';

export type PriceList = components['schemas']['PriceList'];
export type PriceListRequest = components['schemas']['PriceListRequest'];
export type PriceListItem = components['schemas']['PriceListItem'];
export type PriceListItemRequest = components['schemas']['PriceListItemRequest'];
export type PriceListStatus = PriceList['status'];
export type HiddenFor = components['schemas']['HiddenForEnum'];
export type Weekday = components['schemas']['HiddenWeekdaysEnum'];
export type PriceListReplaceRequest = components['schemas']['PriceListReplaceRequest'];
type PriceListReplaced = components['schemas']['PriceListReplaced'];
type HasPrepaids = components['schemas']['HasPrepaids'];

/** The API's weekday names (Polish, Monday first) and audiences an item can be hidden for. */
export const WEEKDAYS: readonly Weekday[] = ['poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota', 'niedziela'];
export const AUDIENCES: readonly HiddenFor[] = ['parents', 'institution_workers'];

/**
 * `priceLists`: list (`groupId`, `status` current/future/past, `search`, `sort` name/validFrom/groupName), get,
 * create, update (PUT with every item: with `id` changed, without added, missing removed), delete (409 once used).
 */
export const priceLists = createCrudResource<PriceList, PriceListRequest>({ key: 'priceLists', path: 'priceLists' });

/** `POST priceLists/{id}/replaceWithNewOne`: a new version from a later date; answers the new list's id. */
export function useReplacePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: EntityId; body: PriceListReplaceRequest }) =>
      expectStatus(await api.post<PriceListReplaced>(`priceLists/${id}/replaceWithNewOne`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceLists.keys.all }),
  });
}

/** `GET priceLists/{id}/hasPrepaids`: whether prepaid orders were priced from the list. */
export const hasPrepaidsQuery = (id: EntityId) =>
  queryOptions({
    queryKey: [...priceLists.keys.detail(id), 'hasPrepaids'],
    queryFn: async () => expectOk(await api.get<HasPrepaids>(`priceLists/${id}/hasPrepaids`)).hasPrepaids,
  });

export const useHasPrepaids = (id: EntityId, enabled: boolean) => useQuery({ ...hasPrepaidsQuery(id), enabled });
