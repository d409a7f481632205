import { useTranslation } from 'react-i18next';
import { CheckboxField, MultiSelectField, NumberField, SelectField, TextAreaField, TextField } from '@/components/form';
import { portionSizes } from '@/lib/portion-sizes/portion-sizes';
import { mealTypeCategories } from '../api/meal-type-categories';
import {
  MEAL_TYPE_DESCRIPTION_MAX_LENGTH,
  MEAL_TYPE_NAME_MAX_LENGTH,
  POSITION_MAX,
  type MealTypeValues,
} from './meal-type-form';

export function MealTypeFields() {
  const { t } = useTranslation('mealTypes');
  const categories = mealTypeCategories.useOptions();
  const portions = portionSizes.useOptions();
  return (
    <>
      <TextField<MealTypeValues> name="name" label={t('fields.name')} required maxLength={MEAL_TYPE_NAME_MAX_LENGTH} />
      <TextAreaField<MealTypeValues>
        name="description"
        label={t('fields.description')}
        help={t('descriptionHelp')}
        maxLength={MEAL_TYPE_DESCRIPTION_MAX_LENGTH}
      />
      <SelectField<MealTypeValues>
        name="categoryId"
        label={t('fields.category')}
        options={categories.data ?? []}
        emptyText={t('noCategory')}
      />
      <NumberField<MealTypeValues> name="position" label={t('fields.position')} help={t('positionHelp')} min={0} max={POSITION_MAX} />
      <MultiSelectField<MealTypeValues>
        name="portionSizesIds"
        label={t('fields.portionSizes')}
        required
        options={(portions.data ?? []).map((option) => ({ value: option.value, text: option.text }))}
      />
      <CheckboxField<MealTypeValues>
        name="blockOnRegistration"
        label={t('fields.blockOnRegistration')}
        help={t('blockOnRegistrationHelp')}
      />
      <CheckboxField<MealTypeValues> name="isDefault" label={t('fields.isDefault')} help={t('defaultHelp')} />
    </>
  );
}
