import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

export type MealType = components['schemas']['MealType'];
export type MealTypeRequest = components['schemas']['MealTypeRequest'];

/** Query keys of the resources that show meal types inside them (categories nest their meal types). */
export const MEAL_TYPE_CATEGORIES_KEY = 'mealTypeCategories';
export const INSTITUTION_MEAL_TYPES_KEY = 'institutionMealTypes';

/**
 * `mealTypes`: list (`categoryId`, `institutionId`, `search`, `sort` on position/name), get, create, update,
 * delete (409 while a menu or a price list names it), `{id}/markAsDefault` through `useAction`.
 */
export const mealTypes = createCrudResource<MealType, MealTypeRequest>({
  key: 'mealTypes',
  path: 'mealTypes',
  invalidates: [MEAL_TYPE_CATEGORIES_KEY, INSTITUTION_MEAL_TYPES_KEY],
});

export const MARK_MEAL_TYPE_AS_DEFAULT = 'mealTypes/{id}/markAsDefault';
