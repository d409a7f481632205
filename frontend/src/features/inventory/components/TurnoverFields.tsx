import { useTranslation } from 'react-i18next';
import { CheckboxField, DateField, MoneyField, SelectField, TextAreaField, TextField } from '@/components/form';
import { useStaffOptions } from '@/lib/calendar/options';
import { ingredients } from '@/lib/ingredients/ingredients';
import { OUTCOME_REASONS } from '../api/inventory';
import { DOCUMENT_MAX, NOTE_MAX, SUPPLIER_MAX, type TurnoverValues } from './turnover-forms';

function useChoices() {
  const ingredientOptions = ingredients.useOptions();
  const kitchens = useStaffOptions('kitchens/options');
  return { ingredients: ingredientOptions.data ?? [], kitchens: kitchens.data ?? [] };
}

function IngredientAndKitchen() {
  const { t } = useTranslation('inventory');
  const choices = useChoices();
  return (
    <>
      <SelectField<TurnoverValues> name="ingredientId" label={t('fields.ingredient')} options={choices.ingredients} required />
      <SelectField<TurnoverValues>
        name="kitchenId"
        label={t('fields.kitchen')}
        options={choices.kitchens}
        emptyText={t('defaultKitchen')}
        help={t('kitchenHelp')}
      />
      <DateField<TurnoverValues> name="date" label={t('fields.date')} required />
      <TextField<TurnoverValues> name="quantity" label={t('fields.quantity')} required help={t('quantityHelp')} />
    </>
  );
}

export function IncomeFields() {
  const { t } = useTranslation('inventory');
  return (
    <>
      <IngredientAndKitchen />
      <MoneyField<TurnoverValues> name="unitPrice" label={t('fields.unitPrice')} required help={t('unitPriceHelp')} />
      <TextField<TurnoverValues> name="supplier" label={t('fields.supplier')} maxLength={SUPPLIER_MAX} />
      <TextField<TurnoverValues> name="documentNumber" label={t('fields.documentNumber')} maxLength={DOCUMENT_MAX} />
      <TextAreaField<TurnoverValues> name="note" label={t('fields.note')} maxLength={NOTE_MAX} />
    </>
  );
}

export function OutcomeFields() {
  const { t } = useTranslation('inventory');
  const reasons = OUTCOME_REASONS.map((reason) => ({ value: reason, text: t(`reasons.${reason}`) }));
  return (
    <>
      <IngredientAndKitchen />
      <SelectField<TurnoverValues> name="reason" label={t('fields.reason')} options={reasons} required />
      <TextAreaField<TurnoverValues> name="note" label={t('fields.note')} maxLength={NOTE_MAX} />
      <CheckboxField<TurnoverValues> name="allowNegative" label={t('fields.allowNegative')} help={t('allowNegativeHelp')} />
    </>
  );
}

