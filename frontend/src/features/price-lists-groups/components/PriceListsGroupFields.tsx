import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '@/components/form';
import type { PriceListsGroupValues } from './price-lists-group-form';

export function PriceListsGroupFields() {
  const { t } = useTranslation('priceListsGroups');
  return (
    <>
      <TextField<PriceListsGroupValues> name="name" label={t('fields.name')} required maxLength={100} />
      <CheckboxField<PriceListsGroupValues>
        name="defaultForChildren"
        label={t('fields.defaultForChildren')}
        help={t('help.defaultForChildren')}
      />
      <CheckboxField<PriceListsGroupValues>
        name="defaultForInstitutionsWorkers"
        label={t('fields.defaultForInstitutionsWorkers')}
        help={t('help.defaultForInstitutionsWorkers')}
      />
      <CheckboxField<PriceListsGroupValues> name="forGroupOrders" label={t('fields.forGroupOrders')} help={t('help.forGroupOrders')} />
    </>
  );
}
