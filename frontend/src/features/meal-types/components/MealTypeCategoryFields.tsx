import { useTranslation } from 'react-i18next';
import { NumberField, TextField } from '@/components/form';
import { CATEGORY_NAME_MAX_LENGTH, type MealTypeCategoryValues } from './meal-type-category-form';
import { POSITION_MAX } from './meal-type-form';

export function MealTypeCategoryFields() {
  const { t } = useTranslation('mealTypes');
  return (
    <>
      <TextField<MealTypeCategoryValues> name="name" label={t('fields.name')} required maxLength={CATEGORY_NAME_MAX_LENGTH} />
      <NumberField<MealTypeCategoryValues>
        name="position"
        label={t('fields.position')}
        help={t('categories.positionHelp')}
        min={0}
        max={POSITION_MAX}
      />
    </>
  );
}
