import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

export type ReportType = components['schemas']['ReportType'];
export type ReportCriterion = components['schemas']['ReportCriterion'];

/** `GET reports`: the catalogue of reports, each with the criteria its form draws. */
export const reportTypesQuery = () =>
  queryOptions({
    queryKey: ['reports', 'catalogue'],
    queryFn: async () => expectOk(await api.get<ReportType[]>('reports')),
    staleTime: Infinity,
  });

export const useReportTypes = () => useQuery(reportTypesQuery());
