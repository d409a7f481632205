import type { TFunction } from 'i18next';
import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { childrenGroups, type ChildrenGroupRequest } from '../api/children-groups';
import { ChildrenGroupFields } from './ChildrenGroupFields';

export const GROUP_NAME_MAX_LENGTH = 100;

export interface ChildrenGroupValues {
  name: string;
  classroomsIds: number[];
}

const schema = (t: TFunction) => z.object({ name: requiredText(t, GROUP_NAME_MAX_LENGTH), classroomsIds: z.array(z.number()) });

export const childrenGroupForm = defineEntityForm({
  resource: childrenGroups,
  schema,
  empty: { name: '', classroomsIds: [] } as ChildrenGroupValues,
  toValues: (group): ChildrenGroupValues => ({ name: group.name, classroomsIds: group.classroomsIds ?? [] }),
  toCreate: (values: z.output<ReturnType<typeof schema>>): ChildrenGroupRequest => values,
  Fields: ChildrenGroupFields,
});
