import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, expectOk, genericApiError } from '@/api/client';
import type { components } from '@/api/schema';
import { createCrudResource, type EntityId } from '@/lib/crud';

export type PortionSize = components['schemas']['PortionSize'];
export type PortionSizeRequest = components['schemas']['PortionSizeRequest'];
export type PortionSizeMarkedAsDefault = components['schemas']['PortionSizeMarkedAsDefault'];

/** `portionSizes`: list (`search`, `sort` on name), get, create, update, delete (409 while priced or in a grammage). */
export const portionSizes = createCrudResource<PortionSize, PortionSizeRequest>({ key: 'portionSizes', path: 'portionSizes' });

/**
 * `portionSizes/{id}/markAsDefault`. The spec's response check: the answer must report the portion size as
 * default (and carry the status flag every action has); anything else is the generic error.
 */
export async function markPortionSizeAsDefault(id: EntityId): Promise<PortionSizeMarkedAsDefault> {
  const data = expectOk(await api.post<PortionSizeMarkedAsDefault>(`portionSizes/${id}/markAsDefault`));
  if (!data.status || !data.isDefault) throw genericApiError(200);
  return data;
}

export function useMarkPortionSizeAsDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPortionSizeAsDefault,
    // Meal types and their categories show which portion size is the default.
    onSuccess: () =>
      Promise.all(['portionSizes', 'mealTypes', 'mealTypeCategories'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
