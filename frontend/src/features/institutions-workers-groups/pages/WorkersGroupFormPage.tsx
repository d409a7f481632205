import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { workersGroupForm } from '../components/workers-group-form';

/** `/institutionsWorkersGroups/create` and `/institutionsWorkersGroups/:itemId/edit`. */
export function WorkersGroupFormPage() {
  const { t } = useTranslation('institutionsWorkersGroups');
  const id = parseRouteId(useParams().itemId);
  return (
    <EntityFormPage
      form={workersGroupForm}
      id={id}
      title={id === null ? t('createTitle') : t('editTitle')}
      backTo={id === null ? '/institutionsWorkersGroups' : `/institutionsWorkersGroups/${id}`}
    />
  );
}
