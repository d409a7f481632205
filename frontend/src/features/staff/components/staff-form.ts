import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { PHONE_MAX_LENGTH, PHONE_PATTERN, stripSpaces } from '@/lib/validation';
import { staffResources, type Permission, type StaffKind } from '../api/staff';
import { InstitutionsAdminFields, StaffFields } from './StaffFields';

export interface StaffValues {
  emailAddress: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  isActive: boolean;
  permissions: Permission[];
  institutionsIds: number[];
}

const EMPTY: StaffValues = {
  emailAddress: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  isActive: true,
  permissions: [],
  institutionsIds: [],
};

/** One form for every staff kind; institutions admins also choose permissions and institutions. */
export function staffForm(kind: StaffKind) {
  const withInstitutions = kind === 'institutionsAdmins';
  return defineEntityForm({
    resource: staffResources[kind],
    schema: (t) =>
      z.object({
        emailAddress: z.string().trim().min(1, t('common:validation.required')).email(t('staff:validation.email')),
        firstName: requiredText(t, 100),
        lastName: requiredText(t, 100),
        phoneNumber: z
          .string()
          .trim()
          .refine((value) => value === '' || PHONE_PATTERN.test(value), t('staff:validation.phone'))
          .transform(stripSpaces),
        isActive: z.boolean(),
        permissions: z.array(z.string()) as z.ZodType<Permission[]>,
        institutionsIds: z.array(z.number()),
      }),
    empty: EMPTY,
    toValues: (member) => ({
      emailAddress: member.emailAddress,
      firstName: member.firstName,
      lastName: member.lastName,
      phoneNumber: member.phoneNumber,
      isActive: member.isActive,
      permissions: member.permissions ?? [],
      institutionsIds: member.institutionsIds ?? [],
    }),
    toCreate: (values) =>
      withInstitutions
        ? values
        : {
            emailAddress: values.emailAddress,
            firstName: values.firstName,
            lastName: values.lastName,
            phoneNumber: values.phoneNumber,
            isActive: values.isActive,
          },
    Fields: withInstitutions ? InstitutionsAdminFields : StaffFields,
  });
}

export const PHONE_INPUT_MAX_LENGTH = PHONE_MAX_LENGTH;
