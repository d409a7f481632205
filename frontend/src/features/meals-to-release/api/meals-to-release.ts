import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { downloadFile, exportQuery } from '@/lib/files';

export type ReleaseRowPage = components['schemas']['ReleaseRowPage'];
export type ReleaseRow = components['schemas']['ReleaseRow'];
export type GroupedMealsToRelease = components['schemas']['GroupedMealsToRelease'];
export type MealByDates = components['schemas']['MealByDates'];
export type NestedMealsToRelease = components['schemas']['NestedMealsToRelease'];
export type ReleaseReport = components['schemas']['ReleaseReport'];

/** The narrowing every meals-to-release call takes: a kitchen, an institution, meal types (comma-separated ids). */
export interface ReleaseNarrowing {
  kitchenId?: number;
  institutionsIds?: string;
  mealTypesIds?: string;
}

export interface DayFilters extends ReleaseNarrowing {
  date: string;
}

export interface PeriodFilters extends ReleaseNarrowing {
  dateFrom: string;
  dateTo: string;
}

/** `GET meals/mealsToRelease`: the flat rows (date, institution, group, meal type, diet, portion size), paged. */
export const mealsToReleaseQuery = (filters: DayFilters & { page: number; perPage: number }) =>
  queryOptions({
    queryKey: ['mealsToRelease', filters] as const,
    queryFn: async () => expectOk(await api.get<ReleaseRowPage>('meals/mealsToRelease', { ...filters })),
    placeholderData: keepPreviousData,
  });

/** `GET meals/groupedMealsToRelease`: per institution, the menu's dishes with their portions. */
export const groupedMealsToReleaseQuery = (filters: DayFilters) =>
  queryOptions({
    queryKey: ['groupedMealsToRelease', filters] as const,
    queryFn: async () => expectOk(await api.get<GroupedMealsToRelease>('meals/groupedMealsToRelease', { ...filters })),
    placeholderData: keepPreviousData,
  });

/** `GET meals/{id}/groupedByDatesMealsToRelease`: one meal's portions per date of the period, per institution. */
export const mealByDatesQuery = (mealId: number, filters: PeriodFilters) =>
  queryOptions({
    queryKey: ['mealByDatesToRelease', mealId, filters] as const,
    queryFn: async () => expectOk(await api.get<MealByDates>(`meals/${mealId}/groupedByDatesMealsToRelease`, { ...filters })),
  });

/** `GET meals/nestedMealsToRelease`: institution → group → meal type → diet → the receivers with their allergens. */
export const nestedMealsToReleaseQuery = (filters: DayFilters) =>
  queryOptions({
    queryKey: ['nestedMealsToRelease', filters] as const,
    queryFn: async () => expectOk(await api.get<NestedMealsToRelease>('meals/nestedMealsToRelease', { ...filters })),
    placeholderData: keepPreviousData,
  });

/** `GET meals/mealsToReleaseReport`: per institution and day, the portions of each meal type. */
export const releaseReportQuery = (filters: PeriodFilters) =>
  queryOptions({
    queryKey: ['mealsToReleaseReport', filters] as const,
    queryFn: async () => expectOk(await api.get<ReleaseReport>('meals/mealsToReleaseReport', { ...filters })),
    placeholderData: keepPreviousData,
  });

export const useMealsToRelease = (filters: DayFilters & { page: number; perPage: number }, enabled = true) =>
  useQuery({ ...mealsToReleaseQuery(filters), enabled });
export const useGroupedMealsToRelease = (filters: DayFilters, enabled = true) => useQuery({ ...groupedMealsToReleaseQuery(filters), enabled });
export const useMealByDates = (mealId: number | null, filters: PeriodFilters) =>
  useQuery({ ...mealByDatesQuery(mealId ?? 0, filters), enabled: mealId !== null });
export const useNestedMealsToRelease = (filters: DayFilters) => useQuery(nestedMealsToReleaseQuery(filters));
export const useReleaseReport = (filters: PeriodFilters) => useQuery(releaseReportQuery(filters));

/** `GET meals/mealsToReleaseReport/{xlsx,pdf}` with the same query: the file, saved under the server's name. */
export function downloadReleaseReport(format: 'xlsx' | 'pdf', filters: PeriodFilters): Promise<void> {
  return downloadFile(`meals/mealsToReleaseReport/${format}${exportQuery({ ...filters })}`, {
    fallbackName: `meals-to-release-report-${filters.dateFrom}.${format}`,
  });
}
