import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, TextField } from '@/components/form';
import { allergenGroups } from '../api/allergen-groups';
import type { AllergenValues } from './allergen-form';

export function AllergenFields() {
  const { t } = useTranslation('allergens');
  const groups = allergenGroups.useOptions();
  return (
    <>
      <NumberField<AllergenValues> name="number" label={t('fields.number')} help={t('numberHelp')} min={1} max={99} />
      <TextField<AllergenValues> name="name" label={t('fields.name')} required maxLength={100} />
      <SelectField<AllergenValues> name="groupId" label={t('fields.group')} options={groups.data ?? []} emptyText={t('noGroup')} />
    </>
  );
}

export function AllergenGroupFields() {
  const { t } = useTranslation('allergens');
  return <TextField<{ name: string }> name="name" label={t('fields.name')} required maxLength={100} />;
}
