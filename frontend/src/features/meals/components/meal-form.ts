import type { TFunction } from 'i18next';
import { z } from 'zod';
import { optionalInteger, optionalText, requiredText } from '@/components/form';
import { DECIMAL_INPUT_PATTERN, toDecimalString } from '@/lib/money';
import type { Meal, MealRequest } from '../api/meals';

/** The server's limits (MealSerializer). */
export const NAME_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const KCAL_MAX = 20000;
export const NUTRIENTS = ['protein', 'fat', 'carbohydrates'] as const;
export type Nutrient = (typeof NUTRIENTS)[number];

export interface PortionSizeRef {
  id: number;
  name: string;
}

/** One row per portion size of the tenant, so the table always shows every size. */
export interface PortionValues {
  portionSizeId: number;
  kcal: number | null;
  protein: string;
  fat: string;
  carbohydrates: string;
}

/** An ingredient of the recipe; `grammages` is aligned with the portion sizes ('' = not used in that size). */
export interface IngredientRowValues {
  ingredientId: number | null;
  grammages: { portionSizeId: number; grammage: string }[];
}

export interface MealValues {
  name: string;
  description: string;
  allergensIds: number[];
  portions: PortionValues[];
  ingredients: IngredientRowValues[];
}

const optionalDecimal = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || DECIMAL_INPUT_PATTERN.test(value), message);

export function mealSchema(t: TFunction) {
  const decimal = optionalDecimal(t('common:validation.decimal'));
  return z
    .object({
      name: requiredText(t, NAME_MAX_LENGTH),
      description: optionalText(t, DESCRIPTION_MAX_LENGTH),
      allergensIds: z.array(z.number().int()),
      portions: z.array(
        z.object({
          portionSizeId: z.number().int(),
          kcal: optionalInteger(t, 0, KCAL_MAX),
          protein: decimal,
          fat: decimal,
          carbohydrates: decimal,
        }),
      ),
      ingredients: z.array(
        z.object({
          ingredientId: z.number({ error: t('common:validation.required') }).int().nullable(),
          grammages: z.array(
            z.object({
              portionSizeId: z.number().int(),
              grammage: decimal.refine((value) => value === '' || Number(toDecimalString(value)) > 0, t('meals:validation.positive')),
            }),
          ),
        }),
      ),
    })
    .superRefine((values, context) => {
      const seen = new Set<number>();
      values.ingredients.forEach((row, index) => {
        if (row.ingredientId === null) {
          context.addIssue({ code: 'custom', path: ['ingredients', index, 'ingredientId'], message: t('common:validation.required') });
        } else if (seen.has(row.ingredientId)) {
          context.addIssue({ code: 'custom', path: ['ingredients', index, 'ingredientId'], message: t('meals:validation.duplicate') });
        } else {
          seen.add(row.ingredientId);
        }
        if (row.grammages.every((cell) => cell.grammage.trim() === '')) {
          context.addIssue({ code: 'custom', path: ['ingredients', index, 'grammages'], message: t('meals:validation.amountNeeded') });
        }
      });
    });
}

/** The form's values: a new meal, a copy of `meal`, or `meal` itself, over the tenant's portion sizes. */
export function mealValues(sizes: readonly PortionSizeRef[], meal?: Meal, name?: string): MealValues {
  const portions = meal?.portions ?? [];
  return {
    name: name ?? meal?.name ?? '',
    description: meal?.description ?? '',
    allergensIds: meal?.allergensIds ?? [],
    portions: sizes.map((size) => {
      const stored = portions.find((portion) => portion.portionSizeId === size.id);
      return {
        portionSizeId: size.id,
        kcal: stored?.kcal ?? null,
        protein: stored?.protein ?? '',
        fat: stored?.fat ?? '',
        carbohydrates: stored?.carbohydrates ?? '',
      };
    }),
    ingredients: (meal?.ingredients ?? []).map((row) => ({
      ingredientId: row.ingredientId,
      grammages: sizes.map((size) => ({
        portionSizeId: size.id,
        grammage: row.grammages.find((cell) => cell.portionSizeId === size.id)?.grammage ?? '',
      })),
    })),
  };
}

export function emptyIngredientRow(sizes: readonly PortionSizeRef[]): IngredientRowValues {
  return { ingredientId: null, grammages: sizes.map((size) => ({ portionSizeId: size.id, grammage: '' })) };
}

const orNull = (value: string) => (value.trim() === '' ? null : toDecimalString(value));

/**
 * The API body, and how to put the server's field errors back on the inputs: portion sizes with no value and
 * empty grammage cells are not sent, so the server's list indexes are translated to the form's.
 */
export function mealRequest(values: MealValues): { body: MealRequest; formPath: (serverPath: string) => string | null } {
  const sentPortions = values.portions
    .map((portion, index) => ({ portion, index }))
    .filter(({ portion }) => portion.kcal !== null || NUTRIENTS.some((key) => portion[key].trim() !== ''));
  const sentCells = values.ingredients.map((row) =>
    row.grammages.map((cell, index) => ({ cell, index })).filter(({ cell }) => cell.grammage.trim() !== ''),
  );
  const body: MealRequest = {
    name: values.name.trim(),
    description: values.description.trim(),
    allergensIds: values.allergensIds,
    portions: sentPortions.map(({ portion }) => ({
      portionSizeId: portion.portionSizeId,
      kcal: portion.kcal,
      protein: orNull(portion.protein),
      fat: orNull(portion.fat),
      carbohydrates: orNull(portion.carbohydrates),
    })),
    ingredients: values.ingredients.map((row, index) => ({
      ingredientId: row.ingredientId ?? 0,
      grammages: (sentCells[index] ?? []).map(({ cell }) => ({ portionSizeId: cell.portionSizeId, grammage: toDecimalString(cell.grammage) })),
    })),
  };
  const formPath = (serverPath: string): string | null => {
    const parts = serverPath.split('.');
    if (parts[0] === 'portions' && parts.length === 3) {
      const sent = sentPortions[Number(parts[1])];
      return sent ? `portions.${sent.index}.${parts[2]}` : 'portions';
    }
    if (parts[0] === 'ingredients' && parts.length === 5 && parts[2] === 'grammages') {
      const sent = sentCells[Number(parts[1])]?.[Number(parts[3])];
      return sent ? `ingredients.${parts[1]}.grammages.${sent.index}.grammage` : `ingredients.${parts[1]}.grammages`;
    }
    if (['name', 'description', 'allergensIds', 'portions', 'ingredients'].includes(parts[0] ?? '')) return serverPath;
    return null;
  };
  return { body, formPath };
}
