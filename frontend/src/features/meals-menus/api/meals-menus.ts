import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectCreated, expectOk, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import { createCrudResource, type EntityId } from '@/lib/crud';

export type MealsMenu = components['schemas']['MealsMenu'];
export type MealsMenuRequest = components['schemas']['MealsMenuRequest'];
export type MonthData = components['schemas']['MealsMenuMonthData'];
export type GridCell = components['schemas']['MenuGridCell'];
export type GridMeal = components['schemas']['MenuGridMeal'];
export type MenuCell = components['schemas']['MealsMenuCellRequest'];
export type UpdatePartsRequest = components['schemas']['PatchedMealsMenuUpdatePartsRequest'];
export type CopyResult = components['schemas']['MealsMenuCopyResult'];
export type CreateSimilarRequest = components['schemas']['MealsMenuCreateSimilarRequest'];

/**
 * `mealsMenus`: list (`institutionId`, `dietId`, `month`, `dateFrom`, `dateTo`, `search`, `sort` on name,
 * dateFrom, dateTo, itemsCount), get, create, update, delete; readers see the menus of their institutions.
 */
export const mealsMenus = createCrudResource<MealsMenu, MealsMenuRequest>({ key: 'mealsMenus', path: 'mealsMenus' });

/** `GET mealsMenus/{id}/month/{month}/data`: the month grid (dates × meal types) with meals and allergens. */
export const monthDataQuery = (id: EntityId, month: string, institutionId?: number | null) =>
  queryOptions({
    queryKey: [mealsMenus.key, 'month', id, month, institutionId ?? null],
    queryFn: async () =>
      expectOk(await api.get<MonthData>(`mealsMenus/${id}/month/${month}/data`, { institutionId: institutionId ?? undefined })),
  });

export const useMonthData = (id: EntityId | null, month: string, institutionId?: number | null) =>
  useQuery({ ...monthDataQuery(id ?? 0, month, institutionId), enabled: id !== null });

/** Writes of the editor refresh every list, detail and month of the menus. */
function useMenuMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [mealsMenus.key] }),
  });
}

/** `PUT mealsMenus/{id}/updateParts`: header fields and/or cells (each cell's meals replaced, in order). */
export const useUpdateParts = () =>
  useMenuMutation(async ({ id, body }: { id: EntityId; body: UpdatePartsRequest }) =>
    expectOk(await api.put<MealsMenu>(`mealsMenus/${id}/updateParts`, body)),
  );

export type CopyCommand =
  | { kind: 'copyDayItems'; body: components['schemas']['MealsMenuCopyDayItemsRequest'] }
  | { kind: 'copyDaysItems'; body: components['schemas']['MealsMenuCopyDaysItemsRequest'] }
  | { kind: 'copyMealTypeItems'; body: components['schemas']['MealsMenuCopyMealTypeItemsRequest'] };

/** `POST mealsMenus/{id}/copyDayItems | copyDaysItems | copyMealTypeItems` → `{status, copiedItems}`. */
export const useCopyItems = () =>
  useMenuMutation(async ({ id, command }: { id: EntityId; command: CopyCommand }) =>
    expectStatus(await api.post<CopyResult>(`mealsMenus/${id}/${command.kind}`, command.body)),
  );

/** `POST mealsMenus/createSimilar` → 201 with the copy. */
export const useCreateSimilar = () =>
  useMenuMutation(async (body: CreateSimilarRequest) => expectCreated(await api.post<MealsMenu>('mealsMenus/createSimilar', body)));
