import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { parentForm } from '../components/parent-form';

export function ParentFormPage() {
  const { t } = useTranslation('parents');
  const id = parseRouteId(useParams().parentId);
  return <EntityFormPage form={parentForm} id={id} title={id === null ? t('createTitle') : t('editTitle')} backTo={id === null ? '/parents' : `/parents/${id}`} />;
}
