import type { TFunction } from 'i18next';
import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { optionalId, optionalText, requiredChoice, requiredText } from '@/components/form';
import { PHONE_MAX_LENGTH, PHONE_PATTERN, stripSpaces } from '@/lib/validation';
import { institutionsWorkers, type InstitutionWorkerRequest } from '../api/institutions-workers';
import { useWorkerBeforeSave } from './use-worker-before-save';
import { WorkerFields } from './WorkerFields';

/** The server's limits (InstitutionWorkerSerializer). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const NOTE_MAX_LENGTH = 1000;
export const INTERNAL_NOTE_MAX_LENGTH = 5000;
export const CARD_NUMBER_MAX_LENGTH = 10;
/** Dining cards: 6 to 10 digits or capital letters (the same rule as children's cards). */
const CARD_NUMBER_PATTERN = /^[0-9A-Z]{6,10}$/;
const PERCENT_PATTERN = /^\d{1,3}([.,]\d{1,2})?$/;

export interface WorkerValues {
  emailAddress: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  phoneNumber2: string;
  institutionId: number | null;
  dietId: number | null;
  cardNumber: string;
  allergies: number[];
  allergiesNote: string;
  generalNote: string;
  groupId: number | null;
  priceListsGroupId: number | null;
  hasDiscount: boolean;
  discountPercent: string;
  expirationDate: string;
  internalNote: string;
  isActive: boolean;
}

const phone = (t: TFunction, required: boolean) =>
  z
    .string()
    .trim()
    .max(PHONE_MAX_LENGTH, t('common:validation.maxLength', { max: PHONE_MAX_LENGTH }))
    .refine((value) => (required ? value !== '' : true), t('common:validation.required'))
    .refine((value) => value === '' || PHONE_PATTERN.test(value), t('institutionsWorkers:validation.phone'))
    .transform(stripSpaces);

const schema = (t: TFunction) =>
  z
    .object({
      emailAddress: z
        .string()
        .trim()
        .min(1, t('common:validation.required'))
        .max(EMAIL_MAX_LENGTH, t('common:validation.maxLength', { max: EMAIL_MAX_LENGTH }))
        .pipe(z.email(t('institutionsWorkers:validation.email'))),
      firstName: requiredText(t, NAME_MAX_LENGTH),
      lastName: requiredText(t, NAME_MAX_LENGTH),
      phoneNumber: phone(t, true),
      phoneNumber2: phone(t, false),
      institutionId: requiredChoice(t, z.number()),
      dietId: requiredChoice(t, z.number()),
      cardNumber: z
        .string()
        .trim()
        .refine((value) => value === '' || CARD_NUMBER_PATTERN.test(value), t('institutionsWorkers:validation.cardNumber'))
        .transform((value) => (value === '' ? null : value)),
      allergies: z.array(z.number()),
      allergiesNote: optionalText(t, NOTE_MAX_LENGTH),
      generalNote: optionalText(t, NOTE_MAX_LENGTH),
      groupId: optionalId(),
      priceListsGroupId: optionalId(),
      hasDiscount: z.boolean(),
      discountPercent: z.string().trim(),
      expirationDate: z.string().transform((value) => (value === '' ? null : value)),
      internalNote: optionalText(t, INTERNAL_NOTE_MAX_LENGTH),
      isActive: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (!values.hasDiscount) return;
      const percent = Number(values.discountPercent.replace(',', '.'));
      if (!PERCENT_PATTERN.test(values.discountPercent) || percent <= 0 || percent > 100) {
        ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: t('institutionsWorkers:validation.discountPercent') });
      }
    })
    .transform(({ discountPercent, ...values }) => ({
      ...values,
      discountPercent: values.hasDiscount ? discountPercent.replace(',', '.') : '0',
      expirationDate: values.hasDiscount ? values.expirationDate : null,
    }));

export const EMPTY_WORKER: WorkerValues = {
  emailAddress: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  phoneNumber2: '',
  institutionId: null,
  dietId: null,
  cardNumber: '',
  allergies: [],
  allergiesNote: '',
  generalNote: '',
  groupId: null,
  priceListsGroupId: null,
  hasDiscount: false,
  discountPercent: '',
  expirationDate: '',
  internalNote: '',
  isActive: true,
};

export const workerForm = defineEntityForm({
  resource: institutionsWorkers,
  schema,
  empty: EMPTY_WORKER,
  toValues: (worker): WorkerValues => ({
    emailAddress: worker.emailAddress ?? '',
    firstName: worker.firstName,
    lastName: worker.lastName,
    phoneNumber: worker.phoneNumber,
    phoneNumber2: worker.phoneNumber2,
    institutionId: worker.institutionId,
    dietId: worker.dietId,
    cardNumber: worker.cardNumber ?? '',
    allergies: worker.allergies ?? [],
    allergiesNote: worker.allergiesNote,
    generalNote: worker.generalNote,
    groupId: worker.groupId ?? null,
    priceListsGroupId: worker.priceListsGroupId ?? null,
    hasDiscount: worker.hasDiscount,
    discountPercent: worker.hasDiscount ? worker.discountPercent : '',
    expirationDate: worker.expirationDate ?? '',
    internalNote: worker.internalNote,
    isActive: worker.isActive,
  }),
  toCreate: (values: z.output<ReturnType<typeof schema>>): InstitutionWorkerRequest => values,
  Fields: WorkerFields,
  useBeforeSave: useWorkerBeforeSave,
});
