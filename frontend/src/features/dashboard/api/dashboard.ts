import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

export type DashboardStatistics = components['schemas']['DashboardStatistics'];
export type DashboardTotals = components['schemas']['DashboardTotals'];
export type DashboardTotalRow = components['schemas']['DashboardTotalRow'];
export type DashboardPresencesPage = components['schemas']['DashboardPresenceRowPage'];
export type DashboardPresenceRow = components['schemas']['DashboardPresenceRow'];
export type DashboardChart = components['schemas']['DashboardChart'];
export type DashboardChartPoint = components['schemas']['DashboardChartPoint'];
/** The `mode` query of `dashboard/presencesList` (its enum, documented on the parameter). */
export type PresenceMode = 'present' | 'absent' | 'not_ordered';
export type ChartPeriod = components['schemas']['DashboardChartPeriod'];

export const PRESENCE_MODES: readonly PresenceMode[] = ['present', 'absent', 'not_ordered'];
export const CHART_PERIODS: readonly ChartPeriod[] = ['month', 'year'];

/** Every call may be narrowed to one institution (an institutions admin's own; the server keeps to their reach). */
export interface InstitutionFilter {
  institutionId?: number;
}

/** `GET dashboard/statistics`: today's figures (tenant's timezone). */
export const statisticsQuery = (filters: InstitutionFilter) =>
  queryOptions({
    queryKey: ['dashboard', 'statistics', filters] as const,
    queryFn: async () => expectOk(await api.get<DashboardStatistics>('dashboard/statistics', { ...filters })),
    placeholderData: keepPreviousData,
  });

/** `GET dashboard/totalOrdersQuantitiesGroupedByInstitutionMealTypeAndDiet`: a day's meals per institution, meal type, diet. */
export const totalsQuery = (filters: InstitutionFilter & { date: string }) =>
  queryOptions({
    queryKey: ['dashboard', 'totals', filters] as const,
    queryFn: async () =>
      expectOk(await api.get<DashboardTotals>('dashboard/totalOrdersQuantitiesGroupedByInstitutionMealTypeAndDiet', { ...filters })),
    placeholderData: keepPreviousData,
  });

/** `GET dashboard/presencesList`: a page of the day's receivers in one presence mode. */
export const presencesQuery = (filters: InstitutionFilter & { date: string; mode: PresenceMode; page: number; perPage: number }) =>
  queryOptions({
    queryKey: ['dashboard', 'presences', filters] as const,
    queryFn: async () => expectOk(await api.get<DashboardPresencesPage>('dashboard/presencesList', { ...filters })),
    placeholderData: keepPreviousData,
  });

/** `GET dashboard/chartData`: meals and deposits per day of the date's month, or per month of its year. */
export const chartQuery = (filters: InstitutionFilter & { date: string; period: ChartPeriod }) =>
  queryOptions({
    queryKey: ['dashboard', 'chart', filters] as const,
    queryFn: async () => expectOk(await api.get<DashboardChart>('dashboard/chartData', { ...filters })),
    placeholderData: keepPreviousData,
  });

export const useStatistics = (filters: InstitutionFilter) => useQuery(statisticsQuery(filters));
export const useTotals = (filters: InstitutionFilter & { date: string }) => useQuery(totalsQuery(filters));
export const usePresences = (filters: Parameters<typeof presencesQuery>[0]) => useQuery(presencesQuery(filters));
export const useChart = (filters: Parameters<typeof chartQuery>[0]) => useQuery(chartQuery(filters));
