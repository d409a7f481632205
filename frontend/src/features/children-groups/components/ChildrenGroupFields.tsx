import { useTranslation } from 'react-i18next';
import { MultiSelectField, TextField } from '@/components/form';
import { useClassroomOptions } from '../api/children-groups';
import { GROUP_NAME_MAX_LENGTH, type ChildrenGroupValues } from './children-group-form';

export function ChildrenGroupFields() {
  const { t } = useTranslation('childrenGroups');
  const classrooms = useClassroomOptions();
  return (
    <>
      <TextField<ChildrenGroupValues> name="name" label={t('fields.name')} required maxLength={GROUP_NAME_MAX_LENGTH} autoComplete="off" />
      <MultiSelectField<ChildrenGroupValues>
        name="classroomsIds"
        label={t('fields.classrooms')}
        help={t('help.classrooms')}
        options={classrooms.data ?? []}
      />
    </>
  );
}
