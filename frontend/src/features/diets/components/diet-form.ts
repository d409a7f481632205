import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { diets } from '../api/diets';
import { DietFields } from './DietFields';

/** The server's limits (DietSerializer): name up to 100 characters and unique; institutions must exist. */
export const DIET_NAME_MAX_LENGTH = 100;

export interface DietValues {
  name: string;
  isDefault: boolean;
  allowChangingAllergens: boolean;
  institutionsIds: number[];
}

export const dietForm = defineEntityForm({
  resource: diets,
  schema: (t) =>
    z.object({
      name: requiredText(t, DIET_NAME_MAX_LENGTH),
      isDefault: z.boolean(),
      allowChangingAllergens: z.boolean(),
      institutionsIds: z.array(z.number().int()),
    }),
  empty: { name: '', isDefault: false, allowChangingAllergens: true, institutionsIds: [] },
  toValues: (diet) => ({
    name: diet.name,
    isDefault: diet.isDefault,
    allowChangingAllergens: diet.allowChangingAllergens,
    institutionsIds: diet.institutionsIds ?? [],
  }),
  toCreate: (values) => values,
  Fields: DietFields,
});
