import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { optionalText, requiredText } from '@/components/form';
import { POST_CODE_PATTERN } from '@/lib/validation';
import { kitchens } from '../api/kitchens';
import { KitchenFields } from './KitchenFields';

/** The server's limits (KitchenSerializer). */
export const NAME_MAX_LENGTH = 200;
export const STREET_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;

export interface MatrixRowValues {
  institutionId: number;
  /** Shown in the row; not sent (the server answers it). */
  institutionName: string;
  mealTypeIds: number[];
}

export interface KitchenValues {
  /** The edited kitchen (null when creating): its own assignments are not "taken by another kitchen". */
  kitchenId: number | null;
  name: string;
  street: string;
  postCode: string;
  city: string;
  isActive: boolean;
  institutionsMealTypes: MatrixRowValues[];
}

/**
 * The server answers a matrix row's errors as `institutionsMealTypes.<row>.mealTypeIds` (or `.institutionId`):
 * those keys are form field names as they are, whatever the row, so every such key maps to itself.
 */
const MATRIX_ERROR_KEY = /^institutionsMealTypes\.\d+\.(mealTypeIds|institutionId)$/;
const matrixFieldMap: Readonly<Record<string, string>> = new Proxy(
  {},
  { get: (_target, key) => (typeof key === 'string' && MATRIX_ERROR_KEY.test(key) ? key : undefined) },
);

export const kitchenForm = defineEntityForm({
  resource: kitchens,
  schema: (t) =>
    z.object({
      kitchenId: z.number().nullable(),
      name: requiredText(t, NAME_MAX_LENGTH),
      street: optionalText(t, STREET_MAX_LENGTH),
      postCode: z
        .string()
        .trim()
        .refine((value) => value === '' || POST_CODE_PATTERN.test(value), t('kitchens:validation.postCode')),
      city: optionalText(t, CITY_MAX_LENGTH),
      isActive: z.boolean(),
      institutionsMealTypes: z.array(
        z.object({
          institutionId: z.number(),
          institutionName: z.string(),
          mealTypeIds: z.array(z.number()).min(1, t('kitchens:validation.chooseMealType')),
        }),
      ),
    }),
  empty: { kitchenId: null, name: '', street: '', postCode: '', city: '', isActive: true, institutionsMealTypes: [] },
  toValues: (kitchen) => ({
    kitchenId: kitchen.id,
    name: kitchen.name,
    street: kitchen.street,
    postCode: kitchen.postCode ?? '',
    city: kitchen.city,
    isActive: kitchen.isActive,
    institutionsMealTypes: (kitchen.institutionsMealTypes ?? []).map((row) => ({
      institutionId: row.institutionId,
      institutionName: row.institutionName,
      mealTypeIds: row.mealTypeIds,
    })),
  }),
  toCreate: ({ kitchenId: _kitchenId, institutionsMealTypes, ...kitchen }) => ({
    ...kitchen,
    institutionsMealTypes: institutionsMealTypes.map(({ institutionId, mealTypeIds }) => ({ institutionId, mealTypeIds })),
  }),
  Fields: KitchenFields,
  fieldMap: matrixFieldMap,
});
