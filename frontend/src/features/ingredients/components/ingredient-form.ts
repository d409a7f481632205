import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { INGREDIENT_UNITS, ingredients, type IngredientUnit } from '@/lib/ingredients/ingredients';
import { IngredientFields } from './IngredientFields';

/** The server's limits (IngredientSerializer): name up to 200 and unique in any letter case. */
export const NAME_MAX_LENGTH = 200;

export interface IngredientValues {
  name: string;
  unit: IngredientUnit;
  allergensIds: number[];
}

export const ingredientForm = defineEntityForm({
  resource: ingredients,
  schema: (t) =>
    z.object({
      name: requiredText(t, NAME_MAX_LENGTH),
      unit: z.enum(INGREDIENT_UNITS as [IngredientUnit, ...IngredientUnit[]], { error: t('common:validation.required') }),
      allergensIds: z.array(z.number().int()),
    }),
  empty: { name: '', unit: 'g', allergensIds: [] } satisfies IngredientValues,
  toValues: (ingredient) => ({ name: ingredient.name, unit: ingredient.unit, allergensIds: ingredient.allergensIds ?? [] }),
  toCreate: (values) => values,
  Fields: IngredientFields,
});
