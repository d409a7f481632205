import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { priceListsGroupForm } from '../components/price-lists-group-form';

/** `/priceListsGroups/create` and `/priceListsGroups/:priceListsGroupId/edit`. */
export function PriceListsGroupFormPage() {
  const { t } = useTranslation('priceListsGroups');
  const id = parseRouteId(useParams().priceListsGroupId);
  return (
    <EntityFormPage
      form={priceListsGroupForm}
      id={id}
      title={id === null ? t('createTitle') : t('editTitle')}
      backTo="/priceListsGroups"
    />
  );
}
