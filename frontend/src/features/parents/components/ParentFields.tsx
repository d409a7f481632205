import { useTranslation } from 'react-i18next';
import { CheckboxField, TextAreaField, TextField } from '@/components/form';
import { useSession } from '@/lib/session/session-context';
import { BANK_ACCOUNT_MAX_LENGTH, PHONE_MAX_LENGTH } from '@/lib/validation';
import type { ParentValues } from './parent-form';

export function ParentFields() {
  const { t } = useTranslation('parents');
  const isAdmin = useSession().user?.roles.includes('ROLE_ADMIN') ?? false;
  return (
    <>
      <TextField<ParentValues> name="emailAddress" type="email" label={t('fields.emailAddress')} help={t('emailHelp')} required maxLength={254} autoComplete="off" />
      <TextField<ParentValues> name="firstName" label={t('fields.firstName')} required maxLength={100} autoComplete="off" />
      <TextField<ParentValues> name="lastName" label={t('fields.lastName')} required maxLength={100} autoComplete="off" />
      <TextField<ParentValues> name="phoneNumber" type="tel" label={t('fields.phoneNumber')} help={t('phoneHelp')} maxLength={PHONE_MAX_LENGTH} />
      <TextField<ParentValues> name="phoneNumber2" type="tel" label={t('fields.phoneNumber2')} maxLength={PHONE_MAX_LENGTH} />
      <TextField<ParentValues>
        name="bankAccountNumber"
        label={t('fields.bankAccountNumber')}
        help={t('bankAccountHelp')}
        maxLength={BANK_ACCOUNT_MAX_LENGTH}
      />
      {isAdmin && <TextAreaField<ParentValues> name="internalNote" label={t('fields.internalNote')} help={t('internalNoteHelp')} />}
      <CheckboxField<ParentValues> name="paymentsOverdue" label={t('fields.paymentsOverdue')} />
      <CheckboxField<ParentValues> name="isActive" label={t('fields.isActive')} />
    </>
  );
}
