import { useTranslation } from 'react-i18next';
import { DateField, SelectField, TextField } from '@/components/form';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import { NAME_MAX_LENGTH, type FreeDayValues } from './free-day-form';

export function FreeDayFields() {
  const { t } = useTranslation('freeDays');
  const institutions = useInstitutionOptions(true);
  return (
    <>
      <DateField<FreeDayValues> name="date" label={t('fields.date')} required />
      <DateField<FreeDayValues> name="dateTo" label={t('fields.dateTo')} help={t('dateToHelp')} />
      <SelectField<FreeDayValues>
        name="institutionId"
        label={t('fields.institution')}
        options={institutions.data ?? []}
        emptyText={t('allInstitutions')}
      />
      <TextField<FreeDayValues> name="name" label={t('fields.name')} maxLength={NAME_MAX_LENGTH} />
    </>
  );
}
