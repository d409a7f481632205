import type { IsoDate } from '@/lib/calendar/dates';
import type { CalendarDay } from '@/lib/calendar/types';
import type { ReceiverDays } from './plan';

/** A meal of a receiver's day whose dish contains one of their allergens (the server's clash rule decides). */
export interface ClashMark {
  mealTypeId: number;
  /** As the day names the meal type (its menu, an ordered meal or an offer); empty when it names it nowhere. */
  mealTypeName: string;
  allergens: string[];
}

/** The clash carries the meal type's id only: the day names it in its menu, its ordered meals or its offers. */
function mealTypeNameOf(day: CalendarDay, mealTypeId: number): string {
  const named = [...day.menu, ...day.items, ...day.available].find((entry) => entry.mealTypeId === mealTypeId);
  return named?.mealTypeName ?? '';
}

/**
 * The clashing meals of a receiver's day, in the meal types' order. A safe meal and one without a menu yet are
 * both absent: the calendar warns, it never claims a meal is safe.
 */
export function dayClashMarks(day: CalendarDay | undefined): ClashMark[] {
  if (!day || day.isFreeDay) return [];
  return day.allergenClashes.map((clash) => ({
    mealTypeId: clash.mealTypeId,
    mealTypeName: mealTypeNameOf(day, clash.mealTypeId),
    allergens: clash.allergens,
  }));
}

/**
 * The allergens a meal type's dish contains for some of the receivers on some of the dates (what ordering it
 * would serve them), each once, in the order met; empty when it clashes for none.
 */
export function mealTypeClashAllergens(receivers: readonly ReceiverDays[], dates: readonly IsoDate[], mealTypeId: number): string[] {
  const found: string[] = [];
  for (const receiver of receivers) {
    for (const date of dates) {
      for (const mark of dayClashMarks(receiver.days.get(date))) {
        if (mark.mealTypeId !== mealTypeId) continue;
        for (const allergen of mark.allergens) if (!found.includes(allergen)) found.push(allergen);
      }
    }
  }
  return found;
}
