import type { TFunction } from 'i18next';
import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { optionalId, optionalText, requiredText } from '@/components/form';
import { isValidNrb } from '@/lib/nrb';
import { BANK_ACCOUNT_MAX_LENGTH, POST_CODE_PATTERN, isWebUrl, stripSpaces } from '@/lib/validation';
import { INSTITUTION_KINDS, institutions, type Institution, type InstitutionKind, type InstitutionRequest } from '@/lib/institutions/institutions';
import { InstitutionFields } from './InstitutionFields';
import { INSTITUTION_LIMITS, SLUG_PATTERN } from './limits';


export interface InstitutionValues {
  name: string;
  shortName: string;
  slug: string;
  kind: InstitutionKind | null;
  districtId: number | null;
  street: string;
  postCode: string;
  city: string;
  termsUrl: string;
  orderingNote: string;
  regularPaymentsBankAccountNumber: string;
  hideGrammages: boolean;
  invoiceBuyerName: string;
  invoiceBuyerTaxId: string;
  invoiceBuyerStreet: string;
  invoiceBuyerPostCode: string;
  invoiceBuyerCity: string;
  invoiceBuyerIsPublicBody: boolean;
}

/** A blank value passes: the field is optional on the server. */
const optionalMatching = (t: TFunction, max: number, test: (value: string) => boolean, message: string) =>
  optionalText(t, max).refine((value) => value === '' || test(value), { message });

/** Mirrors InstitutionSerializer: lengths, slug shape, post code 00-000, URL, NRB with mod-97. */
const schema = (t: TFunction) =>
  z.object({
    name: requiredText(t, INSTITUTION_LIMITS.name),
    shortName: requiredText(t, INSTITUTION_LIMITS.shortName),
    slug: requiredText(t, INSTITUTION_LIMITS.slug).regex(SLUG_PATTERN, t('institutions:validation.slug')),
    kind: z.enum(INSTITUTION_KINDS as [InstitutionKind, ...InstitutionKind[]], { error: t('common:validation.required') }),
    districtId: optionalId(),
    street: optionalText(t, INSTITUTION_LIMITS.street),
    postCode: optionalMatching(t, INSTITUTION_LIMITS.postCode, (value) => POST_CODE_PATTERN.test(value), t('institutions:validation.postCode')),
    city: optionalText(t, INSTITUTION_LIMITS.city),
    termsUrl: optionalMatching(t, INSTITUTION_LIMITS.termsUrl, isWebUrl, t('institutions:validation.url')),
    orderingNote: z.string().trim(),
    regularPaymentsBankAccountNumber: optionalMatching(t, BANK_ACCOUNT_MAX_LENGTH, isValidNrb, t('institutions:validation.nrb')).transform(
      stripSpaces,
    ),
    hideGrammages: z.boolean(),
    invoiceBuyerName: optionalText(t, INSTITUTION_LIMITS.name),
    invoiceBuyerTaxId: optionalMatching(t, 13, (value) => /^\d{10}$/.test(stripSpaces(value).replaceAll('-', '')), t('institutions:validation.taxId')).transform(
      (value) => stripSpaces(value).replaceAll('-', ''),
    ),
    invoiceBuyerStreet: optionalText(t, INSTITUTION_LIMITS.street),
    invoiceBuyerPostCode: optionalMatching(t, INSTITUTION_LIMITS.postCode, (value) => POST_CODE_PATTERN.test(value), t('institutions:validation.postCode')),
    invoiceBuyerCity: optionalText(t, INSTITUTION_LIMITS.city),
    invoiceBuyerIsPublicBody: z.boolean(),
  });

type InstitutionParsed = z.output<ReturnType<typeof schema>>;

const EMPTY_INSTITUTION: InstitutionValues = {
  name: '',
  shortName: '',
  slug: '',
  kind: null,
  districtId: null,
  street: '',
  postCode: '',
  city: '',
  termsUrl: '',
  orderingNote: '',
  regularPaymentsBankAccountNumber: '',
  hideGrammages: false,
  invoiceBuyerName: '',
  invoiceBuyerTaxId: '',
  invoiceBuyerStreet: '',
  invoiceBuyerPostCode: '',
  invoiceBuyerCity: '',
  invoiceBuyerIsPublicBody: false,
};

export const institutionForm = defineEntityForm<Institution, InstitutionRequest, InstitutionRequest, InstitutionValues, InstitutionParsed>({
  resource: institutions,
  schema,
  empty: EMPTY_INSTITUTION,
  toValues: (institution): InstitutionValues => ({
    name: institution.name,
    shortName: institution.shortName,
    slug: institution.slug,
    kind: institution.kind,
    districtId: institution.districtId ?? null,
    street: institution.street,
    postCode: institution.postCode,
    city: institution.city,
    termsUrl: institution.termsUrl ?? '',
    orderingNote: institution.orderingNote,
    regularPaymentsBankAccountNumber: institution.regularPaymentsBankAccountNumber,
    hideGrammages: institution.hideGrammages,
    invoiceBuyerName: institution.invoiceBuyerName,
    invoiceBuyerTaxId: institution.invoiceBuyerTaxId ?? '',
    invoiceBuyerStreet: institution.invoiceBuyerStreet,
    invoiceBuyerPostCode: institution.invoiceBuyerPostCode,
    invoiceBuyerCity: institution.invoiceBuyerCity,
    invoiceBuyerIsPublicBody: institution.invoiceBuyerIsPublicBody,
  }),
  toCreate: (values: InstitutionParsed): InstitutionRequest => values,
  Fields: InstitutionFields,
});
