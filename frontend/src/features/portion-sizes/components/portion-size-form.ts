import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { portionSizes } from '@/lib/portion-sizes/portion-sizes';
import { PortionSizeFields } from './PortionSizeFields';

/** The server's limits (PortionSizeSerializer): name up to 50 characters and unique. */
export const PORTION_SIZE_NAME_MAX_LENGTH = 50;

export interface PortionSizeValues {
  name: string;
  isDefault: boolean;
}

export const portionSizeForm = defineEntityForm({
  resource: portionSizes,
  schema: (t) => z.object({ name: requiredText(t, PORTION_SIZE_NAME_MAX_LENGTH), isDefault: z.boolean() }),
  empty: { name: '', isDefault: false },
  toValues: (portionSize) => ({ name: portionSize.name, isDefault: portionSize.isDefault }),
  toCreate: (values) => values,
  Fields: PortionSizeFields,
});
