import { useTranslation } from 'react-i18next';
import { CheckboxField, MultiSelectField, TextAreaField, TextField } from '@/components/form';
import { useStaffOptions } from '@/lib/calendar/options';
import { ROLES } from '@/lib/session/get-current-user';
import { NAME_MAX, type RecipientsListValues } from './recipients-form';

export function RecipientsListFields() {
  const { t } = useTranslation(['recipients', 'common']);
  const institutions = useStaffOptions('institutions/options');
  const classrooms = useStaffOptions('classrooms/options');
  const people = useStaffOptions('users/options');
  return (
    <>
      <TextField<RecipientsListValues> name="name" label={t('fields.name')} required maxLength={NAME_MAX} />
      <CheckboxField<RecipientsListValues> name="everyone" label={t('fields.everyone')} />
      <MultiSelectField<RecipientsListValues> name="institutionIds" label={t('fields.institutions')} options={institutions.data ?? []} />
      <MultiSelectField<RecipientsListValues> name="classroomIds" label={t('fields.classrooms')} options={classrooms.data ?? []} />
      <MultiSelectField<RecipientsListValues>
        name="roles"
        label={t('fields.roles')}
        help={t('rolesHelp')}
        options={ROLES.map((role) => ({ value: role, text: t(`common:roles.${role}`) }))}
      />
      <MultiSelectField<RecipientsListValues> name="memberIds" label={t('fields.members')} options={people.data ?? []} />
      <TextAreaField<RecipientsListValues> name="emails" label={t('fields.emails')} help={t('emailsHelp')} rows={3} />
    </>
  );
}
