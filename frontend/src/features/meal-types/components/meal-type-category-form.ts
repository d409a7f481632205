import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { optionalInteger, requiredText } from '@/components/form';
import { mealTypeCategories } from '../api/meal-type-categories';
import { MealTypeCategoryFields } from './MealTypeCategoryFields';
import { POSITION_MAX } from './meal-type-form';

/** The server's limits (MealTypeCategorySerializer): name 100 and unique, position 0–9999. */
export const CATEGORY_NAME_MAX_LENGTH = 100;

export interface MealTypeCategoryValues {
  name: string;
  position: number | null;
}

export const mealTypeCategoryForm = defineEntityForm({
  resource: mealTypeCategories,
  schema: (t) => z.object({ name: requiredText(t, CATEGORY_NAME_MAX_LENGTH), position: optionalInteger(t, 0, POSITION_MAX) }),
  empty: { name: '', position: null },
  toValues: (category) => ({ name: category.name, position: category.position }),
  toCreate: (values) => ({ ...values, position: values.position ?? 0 }),
  Fields: MealTypeCategoryFields,
});
