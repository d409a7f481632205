import type { TFunction } from 'i18next';
import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { optionalId, requiredText } from '@/components/form';
import { workersGroups, type WorkersGroupRequest } from '../api/workers-groups';
import { WorkersGroupFields } from './WorkersGroupFields';

export const GROUP_NAME_MAX_LENGTH = 100;

export interface WorkersGroupValues {
  name: string;
  institutionId: number | null;
  priceListsGroupId: number | null;
}

const schema = (t: TFunction) =>
  z.object({ name: requiredText(t, GROUP_NAME_MAX_LENGTH), institutionId: optionalId(), priceListsGroupId: optionalId() });

export const workersGroupForm = defineEntityForm({
  resource: workersGroups,
  schema,
  empty: { name: '', institutionId: null, priceListsGroupId: null } as WorkersGroupValues,
  toValues: (group): WorkersGroupValues => ({
    name: group.name,
    institutionId: group.institutionId ?? null,
    priceListsGroupId: group.priceListsGroupId ?? null,
  }),
  toCreate: (values: z.output<ReturnType<typeof schema>>): WorkersGroupRequest => values,
  Fields: WorkersGroupFields,
});
