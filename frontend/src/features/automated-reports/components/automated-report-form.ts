import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { automatedReports } from '../api/automated-reports';
import { AutomatedReportFields } from './AutomatedReportFields';
import {
  FILE_FORMATS,
  FREQUENCIES,
  MAX_EMAIL_ADDRESSES,
  NAME_MAX_LENGTH,
  RELATIVE_PERIODS,
  emptyValues,
  splitAddresses,
  toRequest,
  toValues,
  type AutomatedReportValues,
} from './automated-report-model';

const EMAIL = z.email();
const CRITERIA = ['groupBy', 'debtorsOnly', 'institutionsIds', 'classroomsIds', 'mealTypesIds', 'dietsIds', 'kitchensIds', 'payersIds'];

/** Create, copy (`/automatedReports/create/:id`) and edit of an automated report. */
export const automatedReportForm = defineEntityForm({
  resource: automatedReports,
  schema: (t) =>
    z
      .object({
        name: requiredText(t, NAME_MAX_LENGTH),
        reportType: z.string().nullable(),
        fileFormat: z.enum(FILE_FORMATS),
        criteria: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.number()), z.null()])),
        relativePeriod: z.enum(RELATIVE_PERIODS),
        frequency: z.enum(FREQUENCIES),
        weekday: z.number().int().min(1).max(7).nullable(),
        dayOfMonth: z.number().int().nullable(),
        sendTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, t('automatedReports:validation.time')),
        emailAddresses: z.string(),
        recipientsListId: z.number().nullable(),
        recipientsListName: z.string().nullable(),
        enabled: z.boolean(),
      })
      .superRefine((values, ctx) => {
        if (values.reportType === null) ctx.addIssue({ code: 'custom', path: ['reportType'], message: t('common:validation.required') });
        if (values.frequency === 'monthly' && (values.dayOfMonth === null || values.dayOfMonth < 1 || values.dayOfMonth > 31)) {
          ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: t('common:validation.range', { min: 1, max: 31 }) });
        }
        const addresses = splitAddresses(values.emailAddresses);
        const wrong = addresses.filter((address) => !EMAIL.safeParse(address).success);
        if (addresses.length === 0 && values.recipientsListId === null) {
          ctx.addIssue({ code: 'custom', path: ['emailAddresses'], message: t('automatedReports:validation.noAddress') });
        } else if (wrong.length > 0) {
          ctx.addIssue({ code: 'custom', path: ['emailAddresses'], message: t('automatedReports:validation.badAddress', { addresses: wrong.join(', ') }) });
        } else if (addresses.length > MAX_EMAIL_ADDRESSES) {
          ctx.addIssue({ code: 'custom', path: ['emailAddresses'], message: t('automatedReports:validation.tooMany', { max: MAX_EMAIL_ADDRESSES }) });
        }
      }) as unknown as z.ZodType<AutomatedReportValues, AutomatedReportValues>,
  empty: emptyValues,
  toValues,
  toCreate: toRequest,
  Fields: AutomatedReportFields,
  fieldMap: {
    ...Object.fromEntries(Array.from({ length: MAX_EMAIL_ADDRESSES }, (_, index) => [`emailAddresses.${index}`, 'emailAddresses'])),
    ...Object.fromEntries(CRITERIA.map((name) => [`criteria.${name}`, `criteria.${name}`])),
  },
});
