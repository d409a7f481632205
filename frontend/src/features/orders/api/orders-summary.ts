import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListParams } from '@/lib/crud';

export type OrderSummaryRow = components['schemas']['OrderSummaryRow'];

/** `GET orders/summary` (staff): live meals per day and meal type for the list's filters, what the kitchen prepares. */
export const ordersSummaryQuery = (filters: ListParams) =>
  queryOptions({
    queryKey: ['orders', 'summary', filters] as const,
    queryFn: async () => expectOk(await api.get<OrderSummaryRow[]>('orders/summary', filters)),
    placeholderData: keepPreviousData,
  });

export const useOrdersSummary = (filters: ListParams) => useQuery(ordersSummaryQuery(filters));
