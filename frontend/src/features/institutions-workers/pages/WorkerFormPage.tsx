import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { workerForm } from '../components/worker-form';

/** `/institutionsWorkers/create` and `/institutionsWorkers/:institutionWorkerId/edit`. */
export function WorkerFormPage() {
  const { t } = useTranslation('institutionsWorkers');
  const id = parseRouteId(useParams().institutionWorkerId);
  return (
    <EntityFormPage
      form={workerForm}
      id={id}
      title={id === null ? t('createTitle') : t('editTitle')}
      backTo={id === null ? '/institutionsWorkers' : `/institutionsWorkers/${id}`}
    />
  );
}
