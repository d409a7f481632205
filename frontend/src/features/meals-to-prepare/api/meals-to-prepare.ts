import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { downloadFile, exportQuery } from '@/lib/files';

export type MealsToPrepare = components['schemas']['MealsToPrepare'];
export type MealTypeCount = components['schemas']['MealTypeCount'];
export type AllergenClash = components['schemas']['AllergenClash'];

/** The query of `meals/mealsToPrepare` and its files: one day, optionally a kitchen and an institution. */
export interface MealsToPrepareFilters {
  date: string;
  kitchenId?: number;
  institutionsIds?: string;
}

/** `GET meals/mealsToPrepare`: portions per meal type → dish → diet → portion size, and the ingredients. */
export const mealsToPrepareQuery = (filters: MealsToPrepareFilters) =>
  queryOptions({
    queryKey: ['mealsToPrepare', filters] as const,
    queryFn: async () => expectOk(await api.get<MealsToPrepare>('meals/mealsToPrepare', { ...filters })),
    placeholderData: keepPreviousData,
  });

export const useMealsToPrepare = (filters: MealsToPrepareFilters) => useQuery(mealsToPrepareQuery(filters));

/** `GET meals/mealsToPrepare/{xlsx,pdf}` with the same query: the file, saved under the server's name. */
export function downloadMealsToPrepare(format: 'xlsx' | 'pdf', filters: MealsToPrepareFilters): Promise<void> {
  return downloadFile(`meals/mealsToPrepare/${format}${exportQuery({ ...filters })}`, {
    fallbackName: `meals-to-prepare-${filters.date}.${format}`,
  });
}
