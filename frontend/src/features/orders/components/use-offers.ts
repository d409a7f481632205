import { useQueries } from '@tanstack/react-query';
import { calendarMonthQuery } from '@/lib/calendar/calendar-days';
import { offerFor, type CalendarDay, type SubjectRef } from '@/lib/calendar/types';
import { monthOf } from '@/lib/calendar/dates';
import type { Money } from '@/lib/money';

/** "12.50" → 1250 without a binary float on the way. */
function toCents(amount: string): number {
  const negative = amount.trim().startsWith('-');
  const [whole, fraction = ''] = amount.trim().replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}

function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export interface MealOffer {
  mealTypeId: number;
  mealTypeName: string;
  portionSizes: { id: number; name: string; isDefault: boolean }[];
}

export interface MealChoice {
  mealTypeId: number;
  portionSizeId: number | null;
}

/**
 * What the subject can order on every one of `dates` (the calendar's days of their months): meal types offered
 * on all of them with their portion sizes, and the price of a choice over all the days when prices are visible.
 */
export function useOffers(subject: SubjectRef | null, dates: readonly string[]) {
  const months = [...new Set(dates.map(monthOf))].sort();
  const results = useQueries({
    queries: months.map((month) => ({ ...calendarMonthQuery(subject ?? { type: 'child', id: 0 }, month), enabled: subject !== null })),
  });
  const isPending = subject !== null && results.some((result) => result.isPending);
  const days = new Map<string, CalendarDay>();
  let canSeePrices = true;
  for (const result of results) {
    if (!result.data) continue;
    canSeePrices &&= result.data.canSeePrices;
    for (const day of result.data.days) days.set(day.date, day);
  }
  const chosenDays = dates.map((date) => days.get(date)).filter((day): day is CalendarDay => day !== undefined);

  let offers: MealOffer[] = [];
  const [first, ...rest] = chosenDays;
  if (first !== undefined && chosenDays.length === dates.length) {
    const byMealType = new Map<number, MealOffer>();
    for (const entry of first.available) {
      const offer = byMealType.get(entry.mealTypeId) ?? { mealTypeId: entry.mealTypeId, mealTypeName: entry.mealTypeName, portionSizes: [] };
      offer.portionSizes.push({ id: entry.portionSizeId, name: entry.portionSizeName, isDefault: entry.isDefaultPortion });
      byMealType.set(entry.mealTypeId, offer);
    }
    offers = [...byMealType.values()].filter((offer) =>
      rest.every((day) => day.available.some((entry) => entry.mealTypeId === offer.mealTypeId)),
    );
  }

  /** The sum over the days of each chosen meal's price; null when prices are hidden or a price is missing. */
  const total = (choices: readonly MealChoice[]): Money | null => {
    if (!canSeePrices || chosenDays.length === 0 || choices.length === 0) return null;
    let cents = 0;
    for (const day of chosenDays) {
      for (const choice of choices) {
        const price = offerFor(day, choice.mealTypeId, choice.portionSizeId ?? undefined)?.price;
        if (!price) return null;
        cents += toCents(price.amount);
      }
    }
    return { amount: fromCents(cents), currency: 'PLN' };
  };

  return { offers, isPending, total, canSeePrices };
}
