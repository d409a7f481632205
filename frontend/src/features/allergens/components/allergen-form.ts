import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { optionalId, optionalInteger, requiredText } from '@/components/form';
import { allergenGroups } from '../api/allergen-groups';
import { allergens } from '@/lib/allergens/allergens';
import { AllergenFields, AllergenGroupFields } from './AllergenFields';

/** The server's limits (AllergenSerializer): number 1–99 and unique, name up to 100 and unique. */
const NAME_MAX_LENGTH = 100;

export interface AllergenValues {
  number: number | null;
  name: string;
  groupId: number | null;
}

export const allergenForm = defineEntityForm({
  resource: allergens,
  schema: (t) =>
    z.object({
      number: optionalInteger(t, 1, 99),
      name: requiredText(t, NAME_MAX_LENGTH),
      groupId: optionalId(),
    }),
  empty: { number: null, name: '', groupId: null },
  toValues: (allergen) => ({ number: allergen.number ?? null, name: allergen.name, groupId: allergen.groupId ?? null }),
  toCreate: (values) => values,
  Fields: AllergenFields,
});

export const allergenGroupForm = defineEntityForm({
  resource: allergenGroups,
  schema: (t) => z.object({ name: requiredText(t, NAME_MAX_LENGTH) }),
  empty: { name: '' },
  toValues: (group) => ({ name: group.name }),
  toCreate: (values) => values,
  Fields: AllergenGroupFields,
});
