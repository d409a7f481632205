import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';
import { MEAL_TYPE_CATEGORIES_KEY, mealTypes } from './meal-types';

export type MealTypeCategory = components['schemas']['MealTypeCategory'];
export type MealTypeCategoryRequest = components['schemas']['MealTypeCategoryRequest'];

/** `mealTypes/categories`, each with its meal types; the meal types list shows category names. */
export const mealTypeCategories = createCrudResource<MealTypeCategory, MealTypeCategoryRequest>({
  key: MEAL_TYPE_CATEGORIES_KEY,
  path: 'mealTypes/categories',
  invalidates: [mealTypes.key],
});
