import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { optionalId, optionalInteger, optionalText, requiredText } from '@/components/form';
import { mealTypes } from '../api/meal-types';
import { MealTypeFields } from './MealTypeFields';

/** The server's limits (MealTypeSerializer): name 100 and unique, description 1000, position 0–9999, a portion size at least. */
export const MEAL_TYPE_NAME_MAX_LENGTH = 100;
export const MEAL_TYPE_DESCRIPTION_MAX_LENGTH = 1000;
export const POSITION_MAX = 9999;

export interface MealTypeValues {
  name: string;
  description: string;
  categoryId: number | null;
  position: number | null;
  portionSizesIds: number[];
  blockOnRegistration: boolean;
  isDefault: boolean;
}

export const mealTypeForm = defineEntityForm({
  resource: mealTypes,
  schema: (t) =>
    z.object({
      name: requiredText(t, MEAL_TYPE_NAME_MAX_LENGTH),
      description: optionalText(t, MEAL_TYPE_DESCRIPTION_MAX_LENGTH),
      categoryId: optionalId(),
      position: optionalInteger(t, 0, POSITION_MAX),
      portionSizesIds: z.array(z.number().int()).min(1, t('mealTypes:validation.portionSizes')),
      blockOnRegistration: z.boolean(),
      isDefault: z.boolean(),
    }),
  empty: { name: '', description: '', categoryId: null, position: null, portionSizesIds: [], blockOnRegistration: false, isDefault: false },
  toValues: (mealType) => ({
    name: mealType.name,
    description: mealType.description,
    categoryId: mealType.categoryId ?? null,
    position: mealType.position,
    portionSizesIds: mealType.portionSizesIds,
    blockOnRegistration: mealType.blockOnRegistration,
    isDefault: mealType.isDefault,
  }),
  // An empty position means "first": the server's default.
  toCreate: (values) => ({ ...values, position: values.position ?? 0 }),
  Fields: MealTypeFields,
});
