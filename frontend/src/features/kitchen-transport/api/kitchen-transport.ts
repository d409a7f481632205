import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectOk, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import type { StatusResponse } from '@/lib/crud';
import { downloadFile, exportQuery } from '@/lib/files';

export type TransportDay = components['schemas']['TransportDay'];
export type TransportRoute = components['schemas']['TransportRoute'];
export type KitchenBatch = components['schemas']['KitchenBatchRequest'];

export interface TransportFilters {
  kitchenId: number;
  date: string;
}

/** `GET kitchensMealsReleases/transport`: the kitchen's routes of the day, their drivers, stops and batch state. */
export const transportDayQuery = (filters: TransportFilters) =>
  queryOptions({
    queryKey: ['kitchensMealsReleases', 'transport', filters] as const,
    queryFn: async () => expectOk(await api.get<TransportDay>('kitchensMealsReleases/transport', { ...filters })),
    placeholderData: keepPreviousData,
  });

export const useTransportDay = (filters: TransportFilters) => useQuery(transportDayQuery(filters));

/** `POST kitchensMealsReleases/markAsReleasedForTransport` or `.../markAsNotReleasedForTransport` (the undo). */
export function useMarkReleased() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ released, ...batch }: KitchenBatch & { released: boolean }) =>
      expectStatus(
        await api.post<StatusResponse>(
          released ? 'kitchensMealsReleases/markAsReleasedForTransport' : 'kitchensMealsReleases/markAsNotReleasedForTransport',
          batch,
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['kitchensMealsReleases'] }),
  });
}

/** `GET kitchensMealsReleases/routeSheets/pdf`: one page per route (one driver's routes when given). */
export function downloadRouteSheet(filters: TransportFilters & { driverId?: number }): Promise<void> {
  return downloadFile(`kitchensMealsReleases/routeSheets/pdf${exportQuery({ ...filters })}`, {
    fallbackName: `route-sheet-${filters.date}.pdf`,
  });
}
