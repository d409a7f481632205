import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { menuFileForm } from '../components/menu-file-form';

/** `/mealsMenusFiles/create` and `/mealsMenusFiles/:mealsMenuFileId/edit`. */
export function MealsMenuFileFormPage() {
  const { t } = useTranslation('mealsMenusFiles');
  const id = parseRouteId(useParams().mealsMenuFileId);
  return <EntityFormPage form={menuFileForm} id={id} title={id === null ? t('createTitle') : t('editTitle')} backTo="/mealsMenusFiles" />;
}
