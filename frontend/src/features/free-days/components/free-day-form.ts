import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { freeDays, type FreeDay, type FreeDayRequest } from '../api/free-days';
import { FreeDayFields } from './FreeDayFields';

export const NAME_MAX_LENGTH = 200;

export interface FreeDayValues {
  date: string;
  dateTo: string;
  institutionId: number | null;
  name: string;
}

/** Adds a day or a range of days off, for every institution or for one. */
export const freeDayForm = defineEntityForm({
  resource: freeDays,
  schema: (t) =>
    z
      .object({
        date: z.string().min(1, t('common:validation.required')),
        dateTo: z.string(),
        institutionId: z.number().nullable(),
        name: z.string().trim().max(NAME_MAX_LENGTH, t('common:validation.maxLength', { max: NAME_MAX_LENGTH })),
      })
      .refine((values) => values.dateTo === '' || values.dateTo >= values.date, {
        path: ['dateTo'],
        message: t('freeDays:validation.dateTo'),
      }),
  empty: { date: '', dateTo: '', institutionId: null, name: '' },
  toValues: (day: FreeDay) => ({ date: day.date, dateTo: '', institutionId: day.institutionId, name: day.name ?? '' }),
  toCreate: (values): FreeDayRequest => ({
    date: values.date,
    dateTo: values.dateTo || null,
    institutionId: values.institutionId,
    name: values.name,
  }),
  Fields: FreeDayFields,
});
