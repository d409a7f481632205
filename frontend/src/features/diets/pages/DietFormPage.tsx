import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { dietForm } from '../components/diet-form';

/** `/diets/create` and `/diets/{dietId}/edit`. */
export function DietFormPage() {
  const { t } = useTranslation('diets');
  const id = parseRouteId(useParams().dietId);
  return <EntityFormPage form={dietForm} id={id} title={id === null ? t('createTitle') : t('editTitle')} backTo="/diets" />;
}
