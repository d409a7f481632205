import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { childrenGroupForm } from '../components/children-group-form';

/** `/childrenGroups/create` and `/childrenGroups/:itemId/edit`. */
export function ChildrenGroupFormPage() {
  const { t } = useTranslation('childrenGroups');
  const id = parseRouteId(useParams().itemId);
  return (
    <EntityFormPage
      form={childrenGroupForm}
      id={id}
      title={id === null ? t('createTitle') : t('editTitle')}
      backTo={id === null ? '/childrenGroups' : `/childrenGroups/${id}`}
    />
  );
}
