import { useTranslation } from 'react-i18next';
import type { GridMeal } from '../api/meals-menus';

type Grammage = NonNullable<GridMeal['grammages']>[number];

/** Grammages per portion size, in the server's order (like the printed menu): one line per size. */
function byPortionSize(grammages: Grammage[]): [string, Grammage[]][] {
  const groups = new Map<string, Grammage[]>();
  for (const use of grammages) groups.set(use.portionSizeName, [...(groups.get(use.portionSizeName) ?? []), use]);
  return [...groups];
}

/** One meal of a cell: its name, its allergens by number (names on hover and for screen readers), grammages. */
export function MealLine({ meal, showGrammages }: { meal: GridMeal; showGrammages: boolean }) {
  const { t } = useTranslation('mealsMenus');
  const grammages = showGrammages ? (meal.grammages ?? []) : [];
  return (
    <div className="mb-1">
      <div className="fw-semibold">{meal.name}</div>
      {meal.allergens.length > 0 && (
        <div className="small text-body-secondary">
          {t('allergens')}:{' '}
          {meal.allergens.map((allergen, index) => (
            <span key={allergen.id}>
              {index > 0 && ', '}
              <abbr title={allergen.name}>{allergen.number ?? allergen.name}</abbr>
              <span className="visually-hidden"> ({allergen.name})</span>
            </span>
          ))}
        </div>
      )}
      {byPortionSize(grammages).map(([portionSize, uses]) => (
        <div key={portionSize} className="small text-body-secondary">
          {portionSize}: {uses.map((use) => `${use.ingredientName} ${Number(use.grammage)} ${use.unit}`).join(', ')}
        </div>
      ))}
    </div>
  );
}
