import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField, TextField } from '@/components/form';
import { usePriceListsGroupOptions } from '@/lib/institutions/classrooms';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import type { ClassroomValues } from './classroom-form';
import { CLASSROOM_NAME_MAX_LENGTH } from './limits';

export function ClassroomFields() {
  const { t } = useTranslation('classrooms');
  // Deactivated institutions keep their classrooms, so an admin can still file one there.
  const institutionOptions = useInstitutionOptions(true);
  const groups = usePriceListsGroupOptions();
  return (
    <>
      <SelectField<ClassroomValues>
        name="institutionId"
        label={t('fields.institution')}
        options={institutionOptions.data ?? []}
        required
        emptyText={t('chooseInstitution')}
      />
      <TextField<ClassroomValues> name="name" label={t('fields.name')} help={t('help.name')} required maxLength={CLASSROOM_NAME_MAX_LENGTH} />
      <SelectField<ClassroomValues>
        name="relatedPriceListsGroupId"
        label={t('fields.relatedPriceListsGroup')}
        options={groups.data ?? []}
        emptyText={t('noGroup')}
      />
      <CheckboxField<ClassroomValues>
        name="hasDefaultPriceListsGroupForMembers"
        label={t('fields.hasDefaultPriceListsGroupForMembers')}
        help={t('help.hasDefaultPriceListsGroupForMembers')}
      />
    </>
  );
}
