import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { ingredientForm } from '../components/ingredient-form';

/** `/inventory/ingredients/create` and `/inventory/ingredients/{ingredientId}/edit`. */
export function IngredientFormPage() {
  const { t } = useTranslation('ingredients');
  const id = parseRouteId(useParams().ingredientId);
  return (
    <EntityFormPage
      form={ingredientForm}
      id={id}
      title={id === null ? t('createTitle') : t('editTitle')}
      backTo="/inventory/ingredients"
    />
  );
}
