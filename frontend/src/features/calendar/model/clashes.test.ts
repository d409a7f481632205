import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '@/lib/calendar/types';
import { calendarDay, LUNCH, SOUP } from '@/test/calendar-fixtures';
import { dayClashMarks, mealTypeClashAllergens } from './clashes';
import type { ReceiverDays } from './plan';

const glutenLunch = { mealTypeId: LUNCH.id, dishes: ['Gulasz z kaszą'], allergens: ['gluten'] };

function receiver(id: number, days: CalendarDay[]): ReceiverDays {
  return { subject: { type: 'child', id }, name: `Child ${id}`, days: new Map(days.map((entry) => [entry.date, entry])) };
}

describe('allergen clash marks', () => {
  it('given a clashing lunch then the day marks it with the name the day gives the meal type', () => {
    const day = calendarDay('2026-11-23', { allergenClashes: [glutenLunch] });

    expect(dayClashMarks(day)).toEqual([{ mealTypeId: LUNCH.id, mealTypeName: LUNCH.name, allergens: ['gluten'] }]);
  });

  it('given a safe day, a free day or no day then nothing is marked', () => {
    expect(dayClashMarks(calendarDay('2026-11-23'))).toEqual([]);
    expect(dayClashMarks(calendarDay('2026-11-24', { isFreeDay: true, allergenClashes: [glutenLunch] }))).toEqual([]);
    expect(dayClashMarks(undefined)).toEqual([]);
  });

  it('given a meal type named nowhere on the day then its mark has no name', () => {
    const day = calendarDay('2026-11-23', { available: [], allergenClashes: [glutenLunch] });

    expect(dayClashMarks(day)[0]?.mealTypeName).toBe('');
  });

  it('collects a meal type’s allergens over the receivers and the dates, each once', () => {
    const first = receiver(1, [
      calendarDay('2026-11-23', { allergenClashes: [glutenLunch] }),
      calendarDay('2026-11-24', { allergenClashes: [{ ...glutenLunch, allergens: ['gluten', 'mleko'] }] }),
    ]);
    const second = receiver(2, [calendarDay('2026-11-23', { allergenClashes: [{ mealTypeId: SOUP.id, dishes: ['Zupa'], allergens: ['seler'] }] })]);
    const dates = ['2026-11-23', '2026-11-24'] as const;

    expect(mealTypeClashAllergens([first, second], dates, LUNCH.id)).toEqual(['gluten', 'mleko']);
    expect(mealTypeClashAllergens([first, second], dates, SOUP.id)).toEqual(['seler']);
    expect(mealTypeClashAllergens([first, second], ['2026-11-25'], LUNCH.id)).toEqual([]);
  });
});
