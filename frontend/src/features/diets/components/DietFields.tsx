import { useTranslation } from 'react-i18next';
import { CheckboxField, MultiSelectField, TextField } from '@/components/form';
import { useInstitutionOptions } from '../api/institution-options';
import { DIET_NAME_MAX_LENGTH, type DietValues } from './diet-form';

export function DietFields() {
  const { t } = useTranslation('diets');
  const institutions = useInstitutionOptions();
  return (
    <>
      <TextField<DietValues> name="name" label={t('fields.name')} required maxLength={DIET_NAME_MAX_LENGTH} />
      <MultiSelectField<DietValues>
        name="institutionsIds"
        label={t('fields.institutions')}
        help={t('institutionsHelp')}
        options={institutions.data ?? []}
        placeholder={t('noInstitutions')}
      />
      <CheckboxField<DietValues>
        name="allowChangingAllergens"
        label={t('fields.allowChangingAllergens')}
        help={t('allowChangingAllergensHelp')}
      />
      <CheckboxField<DietValues> name="isDefault" label={t('fields.isDefault')} help={t('defaultHelp')} />
    </>
  );
}
