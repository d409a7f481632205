import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListParams } from '@/lib/crud';

export type OrderMealTypeOption = components['schemas']['OrderMealTypeOption'];

/**
 * `GET orders/mealTypes`: the meal types of the listed orders for the list's filters, the options of its meal type
 * filter. Keyed under `orders`, so every order write refreshes them with the list.
 */
export const orderMealTypesQuery = (filters: ListParams) =>
  queryOptions({
    queryKey: ['orders', 'mealTypes', filters] as const,
    queryFn: async () => expectOk(await api.get<OrderMealTypeOption[]>('orders/mealTypes', filters)),
    placeholderData: keepPreviousData,
  });

export const useOrderMealTypes = (filters: ListParams) => useQuery(orderMealTypesQuery(filters));
