import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { OPTION_LIST_PER_PAGE, type Page } from '@/lib/crud';

type Schemas = components['schemas'];
export type InstitutionOption = Schemas['InstitutionOption'];
export type ClassroomOption = Schemas['ClassroomOption'];
export type DietOption = Schemas['DietOption'];
export type PriceListsGroupRow = Schemas['PriceListsGroup'];
export type GroupedItems = Schemas['GroupedItems'];
export type GroupedCategory = Schemas['GroupedCategory'];
export type GroupedMealType = Schemas['GroupedMealType'];
export type RegistrationChildOptions = Schemas['ChildOptions'];
export interface NamedOption {
  value: number;
  text: string;
}
export interface ParentOption {
  value: number;
  text: string;
}

const ALL = { perPage: OPTION_LIST_PER_PAGE };

async function items<T>(path: string, query: Record<string, string | number | boolean | undefined> = {}): Promise<T[]> {
  const data = expectOk(await api.get<Page<T> | T[]>(path, { ...ALL, ...query }));
  return Array.isArray(data) ? data : data.items;
}

/** Option lists the child form reads (spec §7: option lists with perPage 9999). */
export const formOptionQueries = {
  institutions: () => queryOptions({ queryKey: ['children', 'form', 'institutions'], queryFn: () => items<InstitutionOption>('institutions/options') }),
  classrooms: (institutionId: number) =>
    queryOptions({
      queryKey: ['children', 'form', 'classrooms', institutionId],
      queryFn: () => items<ClassroomOption>('classrooms/options', { institutionId, page: 1 }),
    }),
  diets: () => queryOptions({ queryKey: ['children', 'form', 'diets'], queryFn: () => items<DietOption>('diets/options') }),
  districts: () => queryOptions({ queryKey: ['children', 'form', 'districts'], queryFn: () => items<NamedOption>('districts/options') }),
  /** Groups for group orders are not a child's group (spec §7). */
  priceListsGroups: () =>
    queryOptions({
      queryKey: ['children', 'form', 'priceListsGroups'],
      queryFn: async () => (await items<PriceListsGroupRow>('priceLists/groups')).filter((group) => !group.forGroupOrders),
    }),
  childrenGroups: () =>
    queryOptions({ queryKey: ['children', 'form', 'childrenGroups'], queryFn: () => items<NamedOption>('children-groups/options') }),
  parents: () =>
    queryOptions({
      queryKey: ['children', 'form', 'parents'],
      queryFn: () => items<ParentOption>('users/options', { role: 'ROLE_PARENT' }),
    }),
};

export interface GroupedItemsParams {
  institutionId: number;
  dietId: number;
  priceListsGroupId: number;
}

/**
 * The meal type categories offered to the child (`priceLists/groupedItems`, or `auth/register/groupedItems` before
 * anyone is signed in): loaded only when institution, diet and price lists group are all set (spec §4).
 */
export const groupedItemsQuery = (params: GroupedItemsParams | null, registration: boolean) =>
  queryOptions({
    queryKey: ['children', 'form', 'groupedItems', registration, params],
    queryFn: async () =>
      params === null
        ? { priceList: null, categories: [] }
        : expectOk(await api.get<GroupedItems>(registration ? 'auth/register/groupedItems' : 'priceLists/groupedItems', { ...params })),
  });

export const useGroupedItems = (params: GroupedItemsParams | null, registration: boolean) =>
  useQuery({ ...groupedItemsQuery(params, registration), enabled: params !== null });
