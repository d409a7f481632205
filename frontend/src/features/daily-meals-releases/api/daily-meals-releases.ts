import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk, genericApiError } from '@/api/client';
import type { components } from '@/api/schema';

export type DailyMealsRelease = components['schemas']['DailyMealsRelease'];
export type DailyReleasesGrouped = components['schemas']['DailyReleasesGrouped'];
export type DailyReleasesInstitutionDay = components['schemas']['DailyReleasesInstitutionDay'];
export type DailyReleaseLine = components['schemas']['DailyReleaseLine'];
export type DailyReleasesReplaceRequest = components['schemas']['DailyReleasesReplaceRequest'];
export type DailyReleasesReplaced = components['schemas']['DailyReleasesReplaced'];

export interface GroupedFilters {
  date: string;
  /** One institution id, or every institution when absent. */
  institutionsIds?: string;
}

/** `GET dailyMealsReleases/grouped`: per institution x meal type x diet, ordered beside released and the difference. */
export const groupedQuery = (filters: GroupedFilters) =>
  queryOptions({
    queryKey: ['dailyMealsReleases', 'grouped', filters] as const,
    queryFn: async () => expectOk(await api.get<DailyReleasesGrouped>('dailyMealsReleases/grouped', { ...filters })),
    placeholderData: keepPreviousData,
  });

export const useGrouped = (filters: GroupedFilters, enabled = true) => useQuery({ ...groupedQuery(filters), enabled });

/** `GET dailyMealsReleases/grouped/nearest`: the same for the latest earlier day with releases (the form's prefill). */
export const nearestQuery = (filters: GroupedFilters) =>
  queryOptions({
    queryKey: ['dailyMealsReleases', 'nearest', filters] as const,
    queryFn: async () => expectOk(await api.get<DailyReleasesGrouped>('dailyMealsReleases/grouped/nearest', { ...filters })),
  });

export const useNearest = (filters: GroupedFilters, enabled = true) => useQuery({ ...nearestQuery(filters), enabled });

/** `GET dailyMealsReleases`: an institution's recorded rows of a day (portion sizes and notes, which `grouped` sums away). */
export const dayRecordsQuery = (date: string, institutionId: number) =>
  queryOptions({
    queryKey: ['dailyMealsReleases', 'records', date, institutionId] as const,
    queryFn: async () =>
      expectOk(
        await api.get<{ items: DailyMealsRelease[] }>('dailyMealsReleases', { dateFrom: date, dateTo: date, institutionId, perPage: 500 }),
      ).items,
  });

export const useDayRecords = (date: string, institutionId: number) => useQuery(dayRecordsQuery(date, institutionId));

/** `POST dailyMealsReleases/replace`: the institution's whole day at once (rows left out are deleted). */
export function useReplaceReleases() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DailyReleasesReplaceRequest) => {
      // The spec answers 201 with the day's rows (no single id).
      const response = await api.post<DailyReleasesReplaced>('dailyMealsReleases/replace', body);
      if (response.status !== 201) throw genericApiError(response.status);
      return response.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dailyMealsReleases'] }),
  });
}
