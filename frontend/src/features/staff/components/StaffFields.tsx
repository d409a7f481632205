import { Form } from 'react-bootstrap';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, MultiSelectField, TextField } from '@/components/form';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import { PHONE_MAX_LENGTH } from '@/lib/validation';
import { PERMISSIONS, type Permission } from '../api/staff';
import type { StaffValues } from './staff-form';

export function StaffFields() {
  const { t } = useTranslation('staff');
  return (
    <>
      <TextField<StaffValues> name="emailAddress" type="email" label={t('fields.emailAddress')} required maxLength={254} autoComplete="off" />
      <TextField<StaffValues> name="firstName" label={t('fields.firstName')} required maxLength={100} autoComplete="off" />
      <TextField<StaffValues> name="lastName" label={t('fields.lastName')} required maxLength={100} autoComplete="off" />
      <TextField<StaffValues> name="phoneNumber" type="tel" label={t('fields.phoneNumber')} help={t('phoneHelp')} maxLength={PHONE_MAX_LENGTH} />
      <CheckboxField<StaffValues> name="isActive" label={t('fields.isActive')} help={t('activeHelp')} />
    </>
  );
}

/** The permissions checklist (spec §6) of an institutions admin. */
function PermissionsChecklist() {
  const { t } = useTranslation('staff');
  const { control } = useFormContext<StaffValues>();
  const { field } = useController({ control, name: 'permissions' });
  const chosen = new Set<Permission>(field.value);
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t('fields.permissions')}</legend>
      {PERMISSIONS.map((permission) => (
        <Form.Check
          key={permission}
          id={`permission-${permission}`}
          type="checkbox"
          label={t(`permissions.${permission}`)}
          checked={chosen.has(permission)}
          onChange={(event) =>
            field.onChange(
              event.target.checked ? PERMISSIONS.filter((p) => p === permission || chosen.has(p)) : field.value.filter((p) => p !== permission),
            )
          }
        />
      ))}
    </fieldset>
  );
}

export function InstitutionsAdminFields() {
  const { t } = useTranslation('staff');
  const institutions = useInstitutionOptions(true);
  return (
    <>
      <StaffFields />
      <PermissionsChecklist />
      <MultiSelectField<StaffValues>
        name="institutionsIds"
        label={t('fields.institutions')}
        help={t('institutionsHelp')}
        options={(institutions.data ?? []).map((option) => ({ value: option.value, text: option.text }))}
      />
    </>
  );
}
