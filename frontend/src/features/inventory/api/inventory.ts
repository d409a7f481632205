import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { createCrudResource, type ListParams } from '@/lib/crud';

export type InventoryTurnover = components['schemas']['InventoryTurnover'];
export type InventoryTurnoverRequest = components['schemas']['InventoryTurnoverRequest'];
export type TurnoverKind = components['schemas']['InventoryTurnoverKindEnum'];
export type OutcomeReason = components['schemas']['ReasonEnum'];
export type TurnoverTotals = components['schemas']['TurnoverTotals'];
export type StockLevel = components['schemas']['StockLevel'];
export type IngredientsOutcomes = components['schemas']['IngredientsOutcomes'];
export type BookDayResult = components['schemas']['BookDayResult'];

export const OUTCOME_REASONS: readonly OutcomeReason[] = ['production', 'waste', 'other'];

/** Every read that a write on stock changes: the lists, their totals, stock levels, ingredients' outcomes. */
const STOCK_KEYS = ['inventoryTurnovers', 'inventoryTotals', 'inventoryStock', 'ingredientsOutcomes'] as const;

/**
 * `inventoryTurnovers`: list (20 a page; `kind`, `reason`, `ingredientId`, `kitchenId`, `dateFrom`, `dateTo`,
 * `voided`, `search`, `sort`), get, create (201 + id), update (PUT). No delete: a row is voided instead.
 */
export const turnovers = createCrudResource<InventoryTurnover, InventoryTurnoverRequest>({
  key: 'inventoryTurnovers',
  path: 'inventoryTurnovers',
  invalidates: STOCK_KEYS.slice(1),
});

function useInvalidateStock() {
  const queryClient = useQueryClient();
  return () => Promise.all(STOCK_KEYS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/** `GET inventoryTurnovers/totals` with the list's filters: rows, net value, the quantity when of one ingredient. */
export const useTurnoverTotals = (params: ListParams) =>
  useQuery({
    queryKey: ['inventoryTotals', params],
    queryFn: async () => expectOk(await api.get<TurnoverTotals>('inventoryTurnovers/totals', { ...params })),
    placeholderData: keepPreviousData,
  });

/** `POST inventoryTurnovers/{id}/void`: the row stays, out of the stock. */
export function useVoidTurnover() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) =>
      expectOk(await api.post<InventoryTurnover>(`inventoryTurnovers/${id}/void`, { reason })),
    onSuccess: invalidate,
  });
}

export interface StockFilters {
  kitchenId?: number;
  days?: number;
  low?: boolean;
  search?: string;
}

/** `GET inventory/stock`: every ingredient's stock, value, minimum, the next days' need and what to order. */
export const stockQuery = (filters: StockFilters) =>
  queryOptions({
    queryKey: ['inventoryStock', filters] as const,
    queryFn: async () => expectOk(await api.get<StockLevel[]>('inventory/stock', { ...filters })),
    placeholderData: keepPreviousData,
  });

export const useStock = (filters: StockFilters) => useQuery(stockQuery(filters));

/** `PUT inventory/stock/{ingredientId}/minimum` (null: no minimum). */
export function useSetMinimum() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: async ({ ingredientId, quantity }: { ingredientId: number; quantity: string | null }) =>
      expectOk(await api.put(`inventory/stock/${ingredientId}/minimum`, { quantity })),
    onSuccess: invalidate,
  });
}

export interface OutcomesFilters {
  dateFrom: string;
  dateTo: string;
  kitchenId?: number;
}

/** `GET ingredients/outcomes`: what the orders of a period consume, beside what was recorded and the stock. */
export const useIngredientsOutcomes = (filters: OutcomesFilters) =>
  useQuery({
    queryKey: ['ingredientsOutcomes', filters],
    queryFn: async () => expectOk(await api.get<IngredientsOutcomes>('ingredients/outcomes', { ...filters })),
    placeholderData: keepPreviousData,
  });

/** `POST ingredients/outcomes/book`: a day's consumption booked as production outcomes, once. */
export function useBookDay() {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: async (body: { date: string; kitchenId?: number; allowNegative?: boolean }) =>
      expectOk(await api.post<BookDayResult>('ingredients/outcomes/book', body)),
    onSuccess: invalidate,
  });
}
