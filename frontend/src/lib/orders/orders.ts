import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, expectOk, expectStatus } from '@/api/client';
import type { ListParams, Page, StatusResponse } from '@/lib/crud';
import { invalidateLedger } from '@/lib/transactions/ledger';

export type OrderListItem = components['schemas']['OrderListItem'];
export type OrderDetail = components['schemas']['OrderDetail'];
export type OrderItem = components['schemas']['OrderItem'];
export type OrderTotals = components['schemas']['OrderTotals'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type OrderItemStatus = components['schemas']['OrderItemStatus'];
export type OrderSubjectType = components['schemas']['OrderSubjectType'];
export type OrderWriteRequest = components['schemas']['OrderWriteRequest'];
export type OrderCreateRequest = components['schemas']['OrderCreateRequest'];
export type OrderItemRequest = components['schemas']['OrderItemRequestRequest'];
export type PrepaidOrderRequest = components['schemas']['PrepaidOrderRequest'];
export type OrderFilters = components['schemas']['OrderFiltersRequest'];
export type OrderDateCount = components['schemas']['OrderDateCount'];

/*
 * The `orders` endpoints. Every write refreshes orders, the calendar (its days show the same meals) and the
 * header's balance and active-orders amount and the ledger (billing, transactions), which a charge or a refund changes.
 */
export const ordersKeys = {
  all: ['orders'] as const,
  list: (params: ListParams) => ['orders', 'list', params] as const,
  totals: (params: ListParams) => ['orders', 'totals', params] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  grouped: (filters: OrderFilters) => ['orders', 'countGroupedByDates', filters] as const,
};

const AFFECTED_KEYS = [['orders'], ['calendar'], ['auth', 'currentUser', 'balance']] as const;

export function refreshAfterWrite(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    ...AFFECTED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
    invalidateLedger(queryClient),
  ]).then(() => undefined);
}

/** Totals take the list's filters, not its paging or sorting. */
export function filtersOnly(params: ListParams): ListParams {
  return Object.fromEntries(Object.entries(params).filter(([key]) => !['page', 'perPage', 'sort'].includes(key)));
}

export const ordersListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ordersKeys.list(params),
    queryFn: async () => expectOk(await api.get<Page<OrderListItem>>('orders', params)),
    placeholderData: keepPreviousData,
  });

export const ordersTotalsQuery = (params: ListParams) => {
  const filters = filtersOnly(params);
  return queryOptions({
    queryKey: ordersKeys.totals(filters),
    queryFn: async () => expectOk(await api.get<OrderTotals>('orders_totals', filters)),
    placeholderData: keepPreviousData,
  });
};

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: ordersKeys.detail(id),
    queryFn: async () => expectOk(await api.get<OrderDetail>(`orders/${id}`)),
  });

export const countGroupedByDatesQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: ordersKeys.grouped(filters),
    queryFn: async () => expectOk(await api.post<OrderDateCount[]>('orders/countGroupedByDates/search', filters)),
    placeholderData: keepPreviousData,
  });

export const useOrdersList = (params: ListParams) => useQuery(ordersListQuery(params));
export const useOrdersTotals = (params: ListParams) => useQuery(ordersTotalsQuery(params));
export const useOrder = (id: number | null) => useQuery({ ...orderQuery(id ?? 0), enabled: id !== null });
export const useCountGroupedByDates = (filters: OrderFilters, enabled = true) =>
  useQuery({ ...countGroupedByDatesQuery(filters), enabled });

function useOrdersMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterWrite(queryClient) });
}

async function created<T>(promise: Promise<{ status: number; data: T }>): Promise<T> {
  const response = await promise;
  if (response.status !== 201) throw new Error(`Unexpected status ${response.status}`);
  return response.data;
}

/** `POST orders/create` → `{id}`; the idempotency key makes a double submit answer the same order. */
export const useCreateOrder = () =>
  useOrdersMutation((body: OrderCreateRequest) => created(api.post<{ id: number }>('orders/create', body)));

/** `PUT orders/{id}/update`: the order's meals from today on become the listed ones. */
export const useUpdateOrder = () =>
  useOrdersMutation(async ({ id, body }: { id: number; body: OrderWriteRequest }) =>
    expectOk(await api.put<OrderDetail>(`orders/${id}/update`, body)),
  );

export const useCreateSimilar = () =>
  useOrdersMutation(({ id, dates }: { id: number; dates: string[] }) =>
    created(api.post<{ id: number }>(`orders/${id}/createSimilar`, { dates })),
  );

export const useCreatePrepaidOrder = () =>
  useOrdersMutation((body: PrepaidOrderRequest) => created(api.post<{ id: number }>('orders/createPrepaidOrder', body)));

export const useCancelOrder = () =>
  useOrdersMutation(async (id: number) => expectStatus(await api.post<StatusResponse>(`orders/${id}/cancel`)));

export const useBulkCancelOrders = () =>
  useOrdersMutation(async (ordersIds: number[]) => expectStatus(await api.post<StatusResponse>('orders/bulkCancel', { ordersIds })));

export const useCancelOrderItem = () =>
  useOrdersMutation(async ({ orderId, itemId }: { orderId: number; itemId: number }) =>
    expectStatus(await api.post<StatusResponse>(`orders/${orderId}/items/${itemId}/cancel`)),
  );

export const useRemoveOrder = () =>
  useOrdersMutation(async (id: number) => expectStatus(await api.delete<StatusResponse>(`orders/${id}`)));
