import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

export type Ingredient = components['schemas']['Ingredient'];
export type IngredientRequest = components['schemas']['IngredientRequest'];
export type IngredientUnit = components['schemas']['UnitEnum'];

export const INGREDIENT_UNITS: readonly IngredientUnit[] = ['g', 'ml', 'szt.'];

/**
 * `ingredients`: list (`search`, `allergenId`, `unit`, `sort` on name/unit/mealsCount), get, create, update,
 * delete (409 while a meal uses it). Meals show ingredient names and units, so they are refreshed too.
 */
export const ingredients = createCrudResource<Ingredient, IngredientRequest>({
  key: 'ingredients',
  path: 'ingredients',
  invalidates: ['meals'],
  toOption: (ingredient) => ({ value: ingredient.id, text: ingredient.name }),
});
