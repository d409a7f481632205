import { useTranslation } from 'react-i18next';

/**
 * "⚠ Lunch: contains: gluten": the dish of a meal contains one of the receiver's allergens. The icon is labelled
 * for screen readers; the allergens are real text (not only a tooltip), readable on a phone too.
 */
export function AllergenClashMark({ allergens, mealTypeName = '' }: { allergens: readonly string[]; mealTypeName?: string }) {
  const { t } = useTranslation('calendar');
  return (
    <div className="text-danger fw-semibold text-wrap" data-testid="allergen-clash">
      <span role="img" aria-label={t('allergenClash.icon')}>
        ⚠
      </span>{' '}
      {mealTypeName ? `${mealTypeName}: ` : ''}
      {t('allergenClash.contains', { list: allergens.join(', ') })}
    </div>
  );
}
