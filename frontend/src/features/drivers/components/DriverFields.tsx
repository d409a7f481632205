import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '@/components/form';
import { PHONE_MAX_LENGTH } from '@/lib/validation';
import { REGISTRATION_MAX_LENGTH, type DriverValues } from './driver-form';

export function DriverFields() {
  const { t } = useTranslation('drivers');
  return (
    <>
      <TextField<DriverValues> name="firstName" label={t('fields.firstName')} required maxLength={100} autoComplete="off" />
      <TextField<DriverValues> name="lastName" label={t('fields.lastName')} required maxLength={100} autoComplete="off" />
      <TextField<DriverValues>
        name="phoneNumber"
        type="tel"
        label={t('fields.phoneNumber')}
        help={t('phoneHelp')}
        required
        maxLength={PHONE_MAX_LENGTH}
      />
      <TextField<DriverValues>
        name="vehicleRegistration"
        label={t('fields.vehicleRegistration')}
        help={t('registrationHelp')}
        maxLength={REGISTRATION_MAX_LENGTH}
      />
      <CheckboxField<DriverValues> name="isActive" label={t('fields.isActive')} help={t('activeHelp')} />
    </>
  );
}
