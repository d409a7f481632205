import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { isValidNrb } from '@/lib/nrb';
import { PHONE_PATTERN, stripSpaces } from '@/lib/validation';
import { parents } from '../api/parents';
import { ParentFields } from './ParentFields';

export interface ParentValues {
  emailAddress: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  phoneNumber2: string;
  bankAccountNumber: string;
  internalNote: string;
  paymentsOverdue: boolean;
  isActive: boolean;
}

export const parentForm = defineEntityForm({
  resource: parents,
  schema: (t) => {
    const phone = z
      .string()
      .trim()
      .refine((value) => value === '' || PHONE_PATTERN.test(value), t('parents:validation.phone'))
      .transform(stripSpaces);
    return z.object({
      emailAddress: z.string().trim().min(1, t('common:validation.required')).email(t('parents:validation.email')),
      firstName: requiredText(t, 100),
      lastName: requiredText(t, 100),
      phoneNumber: phone,
      phoneNumber2: phone,
      bankAccountNumber: z
        .string()
        .trim()
        .refine((value) => value === '' || isValidNrb(value), t('parents:validation.bankAccount'))
        .transform(stripSpaces),
      internalNote: z.string(),
      paymentsOverdue: z.boolean(),
      isActive: z.boolean(),
    });
  },
  empty: {
    emailAddress: '',
    firstName: '',
    lastName: '',
    phoneNumber: '',
    phoneNumber2: '',
    bankAccountNumber: '',
    internalNote: '',
    paymentsOverdue: false,
    isActive: true,
  },
  toValues: (parent) => ({
    emailAddress: parent.emailAddress,
    firstName: parent.firstName,
    lastName: parent.lastName,
    phoneNumber: parent.phoneNumber,
    phoneNumber2: parent.phoneNumber2 ?? '',
    bankAccountNumber: parent.bankAccountNumber,
    internalNote: parent.internalNote ?? '',
    paymentsOverdue: parent.paymentsOverdue,
    isActive: parent.isActive,
  }),
  toCreate: (values) => values,
  Fields: ParentFields,
});
