import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form';
import { DISTRICT_NAME_MAX_LENGTH } from './limits';

export function DistrictFields() {
  const { t } = useTranslation('districts');
  return <TextField<{ name: string }> name="name" label={t('fields.name')} required maxLength={DISTRICT_NAME_MAX_LENGTH} />;
}
