import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import { createCrudResource, type EntityId, type StatusResponse } from '@/lib/crud';

/** One day without meals, for every institution (`institutionId` null) or for one. */
export type FreeDay = components['schemas']['FreeDay'];
/** `POST calendar/freeDays`: a day, or a range up to `dateTo` (one free day per date). */
export type FreeDayRequest = components['schemas']['FreeDayCreateRequest'];

/**
 * `calendar/freeDays`: the list (dateFrom, dateTo, institutionId, search; paged) and create. Free days change
 * what the calendar offers, so every calendar query is refreshed after a write.
 */
export const freeDays = createCrudResource<FreeDay, FreeDayRequest>({
  key: 'freeDays',
  path: 'calendar/freeDays',
  invalidates: ['calendar'],
});

/** `DELETE calendar/freeDays {ids}`: the API deletes by a list of ids in the body, not by a path id. */
export async function removeFreeDays(ids: EntityId[]): Promise<StatusResponse> {
  return expectStatus(await apiRequest<StatusResponse>('calendar/freeDays', { method: 'DELETE', body: { ids } }));
}

/** Shaped like a CRUD resource's remove, so the shared confirmed-remove flow works unchanged. */
export const removableFreeDays = {
  useRemove: () => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (id: EntityId) => removeFreeDays([id]),
      onSuccess: () => Promise.all(['freeDays', 'calendar'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
    });
  },
};
