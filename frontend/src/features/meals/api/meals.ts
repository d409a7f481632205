import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import { createCrudResource, type StatusResponse } from '@/lib/crud';

export type Meal = components['schemas']['Meal'];
export type MealRequest = components['schemas']['MealRequest'];
export type MealListItem = components['schemas']['MealList'];

/**
 * `meals`: get, create, update (PUT replaces the recipe, nutrition and allergens), delete (409 while on a menu).
 * The list answers a shorter row (`MealList`), read through `mealList` under the same query key.
 */
export const meals = createCrudResource<Meal, MealRequest>({ key: 'meals', path: 'meals', invalidates: ['ingredients'] });

/** `meals` list: `search`, `allergenId`, `withoutAllergenId`, `ingredientId`, `sort` on name/kcal. */
export const mealList = createCrudResource<MealListItem, MealRequest>({ key: 'meals', path: 'meals', invalidates: ['ingredients'] });

/** DELETE meals/bulkDelete {mealIds}: all or nothing; 409 naming the meals that are on a menu. */
export async function bulkDeleteMeals(mealIds: number[]): Promise<StatusResponse> {
  return expectStatus(await apiRequest<StatusResponse>('meals/bulkDelete', { method: 'DELETE', body: { mealIds } }));
}

export function useBulkDeleteMeals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteMeals,
    onSuccess: () => Promise.all(['meals', 'ingredients'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
