import { useTranslation } from 'react-i18next';
import { MultiSelectField, SelectField, TextField } from '@/components/form';
import { useAllergenOptions } from '@/lib/allergens/allergen-options';
import { INGREDIENT_UNITS } from '@/lib/ingredients/ingredients';
import type { IngredientValues } from './ingredient-form';
import { NAME_MAX_LENGTH } from './ingredient-form';

export function IngredientFields() {
  const { t } = useTranslation('ingredients');
  const allergens = useAllergenOptions();
  const units = INGREDIENT_UNITS.map((unit) => ({ value: unit, text: t(`units.${unit}`) }));
  return (
    <>
      <TextField<IngredientValues> name="name" label={t('fields.name')} required maxLength={NAME_MAX_LENGTH} />
      <SelectField<IngredientValues> name="unit" label={t('fields.unit')} options={units} required help={t('unitHelp')} />
      <MultiSelectField<IngredientValues>
        name="allergensIds"
        label={t('fields.allergens')}
        options={allergens.options}
        help={t('allergensHelp')}
      />
    </>
  );
}
