import type { TFunction } from 'i18next';
import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { optionalId, requiredText } from '@/components/form';
import { classrooms, type ClassroomRequest } from '@/lib/institutions/classrooms';
import { ClassroomFields } from './ClassroomFields';
import { CLASSROOM_NAME_MAX_LENGTH } from './limits';


export interface ClassroomValues {
  institutionId: number | null;
  name: string;
  relatedPriceListsGroupId: number | null;
  hasDefaultPriceListsGroupForMembers: boolean;
}

const schema = (t: TFunction) =>
  z
    .object({
      institutionId: z.number({ error: t('common:validation.required') }).int(),
      name: requiredText(t, CLASSROOM_NAME_MAX_LENGTH),
      relatedPriceListsGroupId: optionalId(),
      hasDefaultPriceListsGroupForMembers: z.boolean(),
    })
    .refine((values) => !values.hasDefaultPriceListsGroupForMembers || values.relatedPriceListsGroupId !== null, {
      path: ['hasDefaultPriceListsGroupForMembers'],
      message: t('classrooms:validation.defaultNeedsGroup'),
    });

export const EMPTY_CLASSROOM: ClassroomValues = {
  institutionId: null,
  name: '',
  relatedPriceListsGroupId: null,
  hasDefaultPriceListsGroupForMembers: false,
};

export const classroomForm = defineEntityForm({
  resource: classrooms,
  schema,
  empty: EMPTY_CLASSROOM,
  toValues: (classroom): ClassroomValues => ({
    institutionId: classroom.institutionId,
    name: classroom.name,
    relatedPriceListsGroupId: classroom.relatedPriceListsGroupId ?? null,
    hasDefaultPriceListsGroupForMembers: classroom.hasDefaultPriceListsGroupForMembers,
  }),
  toCreate: (values: z.output<ReturnType<typeof schema>>): ClassroomRequest => values,
  Fields: ClassroomFields,
});
