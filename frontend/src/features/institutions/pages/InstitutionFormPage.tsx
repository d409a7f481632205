import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { institutionForm } from '../components/institution-form';

/** `/institutions/create` and `/institutions/:institutionId/edit`. */
export function InstitutionFormPage() {
  const { t } = useTranslation('institutions');
  const id = parseRouteId(useParams().institutionId);
  return <EntityFormPage form={institutionForm} id={id} title={id === null ? t('createTitle') : t('editTitle')} backTo="/institutions" />;
}
