import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/form';
import { usePriceListsGroupOptions } from '@/lib/institutions/classrooms';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import { GROUP_NAME_MAX_LENGTH, type WorkersGroupValues } from './workers-group-form';

export function WorkersGroupFields() {
  const { t } = useTranslation('institutionsWorkersGroups');
  const institutions = useInstitutionOptions(true);
  const priceListsGroups = usePriceListsGroupOptions();
  return (
    <>
      <TextField<WorkersGroupValues> name="name" label={t('fields.name')} required maxLength={GROUP_NAME_MAX_LENGTH} autoComplete="off" />
      <SelectField<WorkersGroupValues>
        name="institutionId"
        label={t('fields.institution')}
        help={t('help.institution')}
        options={institutions.data ?? []}
        emptyText={t('anyInstitution')}
      />
      <SelectField<WorkersGroupValues>
        name="priceListsGroupId"
        label={t('fields.priceListsGroup')}
        help={t('help.priceListsGroup')}
        options={priceListsGroups.data ?? []}
        emptyText={t('noPriceListsGroup')}
      />
    </>
  );
}
