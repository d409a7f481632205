import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { downloadFile } from '@/lib/files';

export type ReceiversForLabels = components['schemas']['ReceiversForLabels'];
export type ReceiverLabels = components['schemas']['ReceiverLabels'];
export type LabelLayout = components['schemas']['LabelLayout'];

/** Which portions get labels: a day, optionally a kitchen, institutions and meal types (comma-separated ids). */
export interface LabelsFilters {
  date: string;
  kitchenId?: number;
  institutionsIds?: string;
  mealTypesIds?: string;
}

/** `GET orders/getUsersForLabels`: the receivers in the printed order with their portions, a page of them, and the label count. */
export const receiversForLabelsQuery = (filters: LabelsFilters, page: number, perPage: number) =>
  queryOptions({
    queryKey: ['receiversForLabels', filters, page, perPage] as const,
    queryFn: async () =>
      expectOk(await api.get<ReceiversForLabels>('orders/getUsersForLabels', { ...filters, page, perPage })),
    placeholderData: keepPreviousData,
  });

export const useReceiversForLabels = (filters: LabelsFilters, page: number, perPage: number) =>
  useQuery(receiversForLabelsQuery(filters, page, perPage));

/** `GET orders/labels/layouts`: the label sheets the PDF is laid out for. */
export const labelLayoutsQuery = () =>
  queryOptions({
    queryKey: ['labelLayouts'] as const,
    queryFn: async () => expectOk(await api.get<LabelLayout[]>('orders/labels/layouts')),
    staleTime: Infinity,
  });

export const useLabelLayouts = () => useQuery(labelLayoutsQuery());

const ids = (value?: string) => (value ? value.split(',').map(Number) : undefined);

/** `POST orders/printLabels`: the labels of the filters on the chosen sheet, the first `skip` positions left empty. */
export function printLabels(filters: LabelsFilters, layout: string, skip: number): Promise<void> {
  return downloadFile('orders/printLabels', {
    method: 'POST',
    body: {
      date: filters.date,
      kitchenId: filters.kitchenId,
      institutionsIds: ids(filters.institutionsIds),
      mealTypesIds: ids(filters.mealTypesIds),
      layout,
      skip,
    },
    fallbackName: `labels-${filters.date}.pdf`,
  });
}
