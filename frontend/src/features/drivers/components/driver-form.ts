import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { PHONE_MAX_LENGTH, PHONE_PATTERN, stripSpaces } from '@/lib/validation';
import { drivers } from '../api/drivers';
import { DriverFields } from './DriverFields';

/** The server's limits (DriverSerializer). */
const NAME_MAX_LENGTH = 100;
export const REGISTRATION_MAX_LENGTH = 10;
/** Polish plates: a 1–3 letter area code, then 3–5 letters or digits, as the server checks them (upper case). */
const REGISTRATION_PATTERN = /^[A-Z]{1,3} ?[A-Z0-9]{3,5}$/;

export interface DriverValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  vehicleRegistration: string;
  isActive: boolean;
}

/** What people type ("wa  12345") in the form the server stores ("WA 12345"). */
export function normaliseRegistration(value: string): string {
  return value.trim().toUpperCase().split(/\s+/).filter(Boolean).join(' ');
}

export const driverForm = defineEntityForm({
  resource: drivers,
  schema: (t) =>
    z.object({
      firstName: requiredText(t, NAME_MAX_LENGTH),
      lastName: requiredText(t, NAME_MAX_LENGTH),
      phoneNumber: z
        .string()
        .trim()
        .min(1, t('common:validation.required'))
        .max(PHONE_MAX_LENGTH, t('common:validation.maxLength', { max: PHONE_MAX_LENGTH }))
        .regex(PHONE_PATTERN, t('drivers:validation.phone'))
        .transform(stripSpaces),
      vehicleRegistration: z
        .string()
        .transform(normaliseRegistration)
        .refine((value) => value === '' || REGISTRATION_PATTERN.test(value), t('drivers:validation.registration')),
      isActive: z.boolean(),
    }),
  empty: { firstName: '', lastName: '', phoneNumber: '', vehicleRegistration: '', isActive: true },
  toValues: (driver) => ({
    firstName: driver.firstName,
    lastName: driver.lastName,
    phoneNumber: driver.phoneNumber,
    vehicleRegistration: driver.vehicleRegistration,
    isActive: driver.isActive,
  }),
  toCreate: (values) => values,
  Fields: DriverFields,
});
