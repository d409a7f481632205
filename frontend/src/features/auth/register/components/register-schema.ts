import type { TFunction } from 'i18next';
import { z } from 'zod';
import { CARD_NUMBER_PATTERN, dietServes } from '@/lib/child-form/child-form-model';
import { isValidNrb } from '@/lib/nrb';
import { BANK_ACCOUNT_MAX_LENGTH, PHONE_MAX_LENGTH, PHONE_PATTERN, stripSpaces } from '@/lib/validation';
import type { ChildOptions, RegisterRequest, RegistrationChild, RegistrationSettings, UserType, WorkerOptions } from '../api/registration';

/** Spec §5: 2 digits and six groups of 4, spaces optional (the server checks the same, plus the checksum). */
export const BANK_ACCOUNT_PATTERN = /^\d{2}( ?\d{4}){6}$/;

export interface RegisterValues {
  userType: UserType;
  emailAddress: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  phoneNumber2: string;
  bankAccountNumber: string;
  institutionId: number | null;
  institutionWorkersGroupId: number | null;
  dietId: number | null;
  cardNumber: string;
  allergies: number[];
  allergiesNote: string;
  invoicesEnabled: boolean;
  companyName: string;
  vatId: string;
  street: string;
  postCode: string;
  city: string;
  acceptedTerms: boolean;
  acceptedCateringTerms: boolean;
  acceptedMarketing: boolean;
}

export const REQUIRED_FIELDS: Record<UserType, readonly (keyof RegisterValues)[]> = {
  parent: ['emailAddress', 'firstName', 'lastName', 'phoneNumber'],
  institution_worker: ['emailAddress', 'firstName', 'lastName', 'institutionId', 'dietId', 'phoneNumber'],
};

/** Server keys that differ from the form's field names. */
export const SERVER_FIELD_MAP: Record<string, keyof RegisterValues> = {
  'invoicesSettings.companyName': 'companyName',
  'invoicesSettings.vatId': 'vatId',
  'invoicesSettings.address.street': 'street',
  'invoicesSettings.address.postCode': 'postCode',
  'invoicesSettings.address.city': 'city',
};

export function emptyRegisterValues(userType: UserType): RegisterValues {
  return {
    userType,
    emailAddress: '',
    firstName: '',
    lastName: '',
    phoneNumber: '',
    phoneNumber2: '',
    bankAccountNumber: '',
    institutionId: null,
    institutionWorkersGroupId: null,
    dietId: null,
    cardNumber: '',
    allergies: [],
    allergiesNote: '',
    invoicesEnabled: false,
    companyName: '',
    vatId: '',
    street: '',
    postCode: '',
    city: '',
    acceptedTerms: false,
    acceptedCateringTerms: false,
    acceptedMarketing: false,
  };
}

export function registerSchema(t: TFunction) {
  const required = t('common:validation.required');
  const phone = z.string().trim().max(PHONE_MAX_LENGTH, t('register:validation.phone'));
  return z
    .object({
      userType: z.enum(['parent', 'institution_worker']),
      emailAddress: z.string().trim().max(254),
      firstName: z.string().trim().max(100),
      lastName: z.string().trim().max(100),
      phoneNumber: phone,
      phoneNumber2: phone,
      bankAccountNumber: z.string().trim().max(BANK_ACCOUNT_MAX_LENGTH, t('register:validation.bankFormat')),
      institutionId: z.number().nullable(),
      institutionWorkersGroupId: z.number().nullable(),
      dietId: z.number().nullable(),
      cardNumber: z.string().trim(),
      allergies: z.array(z.number()),
      allergiesNote: z.string().trim().max(2000),
      invoicesEnabled: z.boolean(),
      companyName: z.string().trim().max(200),
      vatId: z.string().trim().max(20),
      street: z.string().trim().max(200),
      postCode: z.string().trim().max(10),
      city: z.string().trim().max(100),
      acceptedTerms: z.boolean(),
      acceptedCateringTerms: z.boolean(),
      acceptedMarketing: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const issue = (path: keyof RegisterValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      for (const field of REQUIRED_FIELDS[values.userType]) {
        const value = values[field];
        if (value === null || value === '') issue(field, required);
      }
      if (values.emailAddress && !z.email().safeParse(values.emailAddress).success) {
        issue('emailAddress', t('register:validation.email'));
      }
      if (values.phoneNumber && !PHONE_PATTERN.test(values.phoneNumber)) issue('phoneNumber', t('register:validation.phone'));
      if (values.phoneNumber2 && !PHONE_PATTERN.test(values.phoneNumber2)) issue('phoneNumber2', t('register:validation.phone'));
      if (values.userType === 'parent' && values.bankAccountNumber) {
        if (!BANK_ACCOUNT_PATTERN.test(values.bankAccountNumber)) issue('bankAccountNumber', t('register:validation.bankFormat'));
        else if (!isValidNrb(values.bankAccountNumber)) issue('bankAccountNumber', t('register:validation.bankChecksum'));
      }
      if (values.userType === 'institution_worker' && values.cardNumber && !CARD_NUMBER_PATTERN.test(values.cardNumber)) {
        issue('cardNumber', t('register:validation.card'));
      }
      if (values.invoicesEnabled) {
        for (const field of ['companyName', 'street', 'postCode', 'city'] as const) {
          if (!values[field]) issue(field, required);
        }
      }
    });
}

/** The spec's registerData: spaces stripped from the phones; parent or worker fields only. */
export function toRegisterRequest(
  values: RegisterValues,
  children: RegistrationChild[],
  { invoicesForUsers }: { invoicesForUsers: boolean },
): RegisterRequest {
  const body: RegisterRequest = {
    emailAddress: values.emailAddress.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phoneNumber: stripSpaces(values.phoneNumber),
    phoneNumber2: stripSpaces(values.phoneNumber2),
    acceptedTerms: values.acceptedTerms,
    acceptedCateringTerms: values.acceptedCateringTerms,
    acceptedMarketing: values.acceptedMarketing,
    allergiesNote: '',
    generalNote: '',
    bankAccountNumber: '',
  };
  if (invoicesForUsers) {
    body.invoicesSettings = {
      invoicesEnabled: values.invoicesEnabled,
      companyName: values.companyName.trim(),
      vatId: values.vatId.trim(),
      address: { street: values.street.trim(), postCode: values.postCode.trim(), city: values.city.trim() },
    };
  }
  if (values.userType === 'parent') {
    body.bankAccountNumber = stripSpaces(values.bankAccountNumber);
    body.children = children;
  } else {
    body.institutionId = values.institutionId;
    body.institutionWorkersGroupId = values.institutionWorkersGroupId;
    body.dietId = values.dietId;
    body.cardNumber = values.cardNumber.trim() || null;
    body.allergies = values.allergies;
    body.allergiesNote = values.allergiesNote.trim();
  }
  return body;
}

// The worker's rules between fields (spec §4) -----------------------------------------------------------------------
// Pure: the values after the rules, for the form to set what changed. Run on the user's edits and when the worker
// options arrive.

/** Spec §8: a slug in the URL that names no institution of the tenant. */
export function isUnknownInstitutionSlug(institutionSlug: string | undefined, options: Pick<ChildOptions, 'institutionsOptions'>): boolean {
  return !!institutionSlug && !options.institutionsOptions.some((item) => item.slug === institutionSlug);
}

/** The diets offered at the worker's institution. */
export function workerDiets(options: WorkerOptions | undefined, institutionId: number | null) {
  return (options?.dietsOptions ?? []).filter((diet) => dietServes(diet, institutionId));
}

/** The workers groups of the worker's institution, and those of none. */
export function workerGroups(options: WorkerOptions | undefined, institutionId: number | null) {
  return (options?.institutionWorkersGroupsOptions ?? []).filter((group) => group.institutionId === null || group.institutionId === institutionId);
}

/** Allergens and their note only where the chosen diet lets them change and the tenant lets customers change them. */
export function workerAllergensAllowed(
  options: WorkerOptions | undefined,
  settings: Pick<RegistrationSettings, 'allowChangingAllergens' | 'allowChangingAllergensNote'>,
  dietId: number | null,
): { allergies: boolean; note: boolean } {
  const dietAllows = options?.dietsOptions.find((diet) => diet.value === dietId)?.allowChangingAllergens ?? false;
  return { allergies: dietAllows && settings.allowChangingAllergens, note: dietAllows && settings.allowChangingAllergensNote };
}

export interface WorkerRulesContext {
  options: WorkerOptions | undefined;
  settings: Pick<RegistrationSettings, 'allowChangingAllergens' | 'allowChangingAllergensNote'>;
  /** The institution fixed by the URL's slug. */
  fixedInstitutionId: number | null;
}

/**
 * The worker's fields after the rules: a worker's institution is the one fixed by the URL; the diet is kept while it
 * serves the institution, else the institution's default diet (or its first); a group of another institution is
 * dropped; allergens and note are cleared where not allowed.
 */
export function withWorkerRules(values: RegisterValues, context: WorkerRulesContext): RegisterValues {
  const next = { ...values };
  if (next.userType === 'institution_worker' && context.fixedInstitutionId !== null) next.institutionId = context.fixedInstitutionId;
  const options = context.options;
  if (options) {
    const served = workerDiets(options, next.institutionId);
    if (!served.some((diet) => diet.value === next.dietId)) next.dietId = (served.find((diet) => diet.isDefault) ?? served[0])?.value ?? null;
    const group = options.institutionWorkersGroupsOptions.find((item) => item.value === next.institutionWorkersGroupId);
    if (group && group.institutionId !== null && group.institutionId !== next.institutionId) next.institutionWorkersGroupId = null;
  }
  const allowed = workerAllergensAllowed(options, context.settings, next.dietId);
  if (!allowed.allergies && next.allergies.length > 0) next.allergies = [];
  if (!allowed.note && next.allergiesNote !== '') next.allergiesNote = '';
  return next;
}

/** The fields the worker's rules set. */
export const WORKER_RULE_FIELDS = ['institutionId', 'dietId', 'institutionWorkersGroupId', 'allergies', 'allergiesNote'] as const;
