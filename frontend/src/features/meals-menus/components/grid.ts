import type { GridMeal, MonthData } from '../api/meals-menus';

/** The month's meals by `date|mealTypeId`, so a grid looks a cell up instead of scanning every cell. */
export function cellsByKey(data: MonthData): Map<string, GridMeal[]> {
  return new Map(data.cells.map((cell) => [`${cell.date}|${cell.mealTypeId}`, cell.meals]));
}
