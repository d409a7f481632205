import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '@/components/form';
import { PORTION_SIZE_NAME_MAX_LENGTH, type PortionSizeValues } from './portion-size-form';

export function PortionSizeFields() {
  const { t } = useTranslation('portionSizes');
  return (
    <>
      <TextField<PortionSizeValues>
        name="name"
        label={t('fields.name')}
        help={t('nameHelp')}
        required
        maxLength={PORTION_SIZE_NAME_MAX_LENGTH}
      />
      <CheckboxField<PortionSizeValues> name="isDefault" label={t('fields.isDefault')} help={t('defaultHelp')} />
    </>
  );
}
