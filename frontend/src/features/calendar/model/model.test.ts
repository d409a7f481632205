import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '@/lib/calendar/types';
import { calendarDay, item, LARGE, LUNCH, NORMAL, offer, SOUP } from '@/test/calendar-fixtures';
import { addMonths, datesBetween, isoWeekNumber, lastDayOfMonth, weekdayIndex } from '@/lib/calendar/dates';
import { monthWeeks } from './month-grid';
import { batchCommands, fromCents, isSelectableFor, offeredMealTypes, planAbsences, planPresences, toCents, type ReceiverDays } from './plan';
import { emptySelection, selectionReducer } from './selection';

const money = (amount: string) => ({ amount, currency: 'PLN' as const });

function day(date: string, overrides: Partial<CalendarDay> = {}): CalendarDay {
  return calendarDay(date, { available: [offer(SOUP, '4.50'), offer(LUNCH, '12.50')], ...overrides });
}

function receiver(id: number, days: CalendarDay[]): ReceiverDays {
  return { subject: { type: 'child', id }, name: `Child ${id}`, days: new Map(days.map((entry) => [entry.date, entry])) };
}

describe('dates', () => {
  it('knows weekdays, ISO weeks, month ends and ranges', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0);
    expect(weekdayIndex('2026-11-22')).toBe(6);
    expect(isoWeekNumber('2026-11-23')).toBe(48);
    expect(isoWeekNumber('2027-01-01')).toBe(53);
    expect(isoWeekNumber('2026-01-01')).toBe(1);
    expect(lastDayOfMonth('2028-02')).toBe('2028-02-29');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(datesBetween('2026-11-25', '2026-11-23')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });

  it('builds whole Monday-first weeks around the month', () => {
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.number).toBe(44);
    expect(weeks[0]?.days[0]).toEqual({ date: '2026-10-26', inMonth: false });
    expect(weeks[0]?.days[6]).toEqual({ date: '2026-11-01', inMonth: true });
    expect(weeks.at(-1)?.days.at(-1)).toEqual({ date: '2026-12-06', inMonth: false });
  });
});

describe('selection', () => {
  const weekdays = (date: string) => weekdayIndex(date) < 5;

  it('toggles days, extends a range from the last pick over selectable days only, and toggles weeks', () => {
    let state = selectionReducer(emptySelection, { type: 'toggleDay', date: '2026-11-23' });
    expect(state).toEqual({ dates: ['2026-11-23'], anchor: '2026-11-23' });
    state = selectionReducer(state, { type: 'extendTo', date: '2026-12-01', selectable: weekdays });
    expect(state.dates).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01']);
    expect(state.anchor).toBeNull();
    state = selectionReducer(state, { type: 'toggleDay', date: '2026-11-24' });
    expect(state.dates).not.toContain('2026-11-24');

    const week = datesBetween('2026-11-23', '2026-11-29');
    state = selectionReducer(state, { type: 'toggleWeek', dates: week, selectable: weekdays });
    expect(state.dates.filter((date) => week.includes(date))).toHaveLength(5);
    state = selectionReducer(state, { type: 'toggleWeek', dates: week, selectable: weekdays });
    expect(state.dates).toEqual(['2026-11-30', '2026-12-01']);
    expect(selectionReducer(state, { type: 'clear' })).toEqual(emptySelection);
  });

  it('treats extending without an anchor as a single pick (the first of two taps)', () => {
    expect(selectionReducer(emptySelection, { type: 'extendTo', date: '2026-11-23', selectable: weekdays }).anchor).toBe('2026-11-23');
  });
});

describe('plans', () => {
  const ala = receiver(1, [
    day('2026-11-23', { items: [item(5, LUNCH, '12.50')] }),
    day('2026-11-24'),
    day('2026-11-25', { isOpen: false }),
    day('2026-11-26', { isFreeDay: true }),
  ]);
  const olek = receiver(2, [day('2026-11-23'), day('2026-11-24', { available: [offer(SOUP, '4.50')] })]);
  const dates = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'];

  it('orders the chosen meal types on open days, not counting what is already ordered, and totals the prices', () => {
    const plan = planPresences([ala, olek], dates, [{ mealTypeId: LUNCH.id }, { mealTypeId: SOUP.id }], false);
    // The default portion is the server's choice too; the lunch Ala already has stays (the server skips it).
    const soup = { mealTypeId: 1 };
    const lunch = { mealTypeId: 2 };
    expect(plan.commands).toEqual([
      {
        subject: { type: 'child', id: 1 },
        name: 'Child 1',
        body: {
          calendarDaysData: [
            { date: '2026-11-23', mealTypes: [lunch, soup] },
            { date: '2026-11-24', mealTypes: [lunch, soup] },
          ],
        },
      },
      {
        subject: { type: 'child', id: 2 },
        name: 'Child 2',
        body: {
          calendarDaysData: [
            { date: '2026-11-23', mealTypes: [lunch, soup] },
            { date: '2026-11-24', mealTypes: [soup] },
          ],
        },
      },
    ]);
    expect(plan.count).toBe(6);
    expect(plan.total).toEqual(money('43.00'));
    expect(offeredMealTypes([olek], ['2026-11-24'], false)).toEqual([{ ...SOUP, portionSizes: [NORMAL] }]);
  });

  it('prices the chosen portion size', () => {
    const withLarge = receiver(4, [calendarDay('2026-11-24')]);
    expect(offeredMealTypes([withLarge], ['2026-11-24'], false)[1]).toEqual({ ...LUNCH, portionSizes: [NORMAL, LARGE] });
    const plan = planPresences([withLarge], ['2026-11-24'], [{ mealTypeId: LUNCH.id, portionSizeId: LARGE.id }], false);
    expect(plan.commands[0]?.body.calendarDaysData).toEqual([
      { date: '2026-11-24', mealTypes: [{ mealTypeId: 2, portionSizeId: 11 }] },
    ]);
    expect(plan.total).toEqual(money('15.00'));
  });

  it('prefers the receiver’s own diet when a day offers several', () => {
    const vegan = offer(LUNCH, '14.00', { dietId: 2, dietName: 'Vegan', priceListItemId: 299 });
    const both = { subject: { type: 'child' as const, id: 8 }, name: 'Child 8', days: new Map([['2026-11-24', day('2026-11-24', { available: [offer(LUNCH, '12.50'), vegan] })]]) };
    expect(planPresences([{ ...both, dietId: 2 }], ['2026-11-24'], [{ mealTypeId: LUNCH.id }], false).total).toEqual(money('14.00'));
    expect(planPresences([both], ['2026-11-24'], [{ mealTypeId: LUNCH.id }], false, ' Hot ').commands[0]?.body.calendarDaysData[0]?.mealTypes).toEqual([
      { mealTypeId: 2, note: 'Hot' },
    ]);
  });

  it('lets staff reach closed days but never free days', () => {
    expect(isSelectableFor([ala], '2026-11-25', false)).toBe(false);
    expect(isSelectableFor([ala], '2026-11-25', true)).toBe(true);
    expect(isSelectableFor([ala], '2026-11-26', true)).toBe(false);
    expect(planPresences([ala], ['2026-11-25'], [{ mealTypeId: LUNCH.id }], true).count).toBe(1);
  });

  it('cancels open days and totals the refund of active meals; a hidden price hides the total', () => {
    const plan = planAbsences([ala], dates, false);
    expect(plan.commands[0]?.body).toEqual({ dates: ['2026-11-23', '2026-11-24'] });
    expect(plan.total).toEqual(money('12.50'));
    const hidden = receiver(3, [day('2026-11-24', { items: [item(7, LUNCH, null)] })]);
    expect(planAbsences([hidden], ['2026-11-24'], false).total).toBeNull();
  });

  it('never cancels a day with a served meal: it is left out and counted, the refund is of active meals only', () => {
    const served = item(9, LUNCH, '12.50', { status: 'served', servedAt: '2026-11-24T12:04:00+01:00' });
    const fed = receiver(8, [day('2026-11-24', { items: [served, item(10, SOUP, '4.50')] }), day('2026-11-25', { items: [item(11, LUNCH, '12.50')] })]);

    const plan = planAbsences([fed], ['2026-11-24', '2026-11-25'], true);

    expect(plan.commands.map((command) => command.body)).toEqual([{ dates: ['2026-11-25'] }]);
    expect(plan.count).toBe(1);
    expect(plan.total).toEqual(money('12.50'));
    expect(plan.servedDays).toBe(1);
    const onlyServed = planAbsences([fed], ['2026-11-24'], true);
    expect(onlyServed.commands).toEqual([]);
    expect(onlyServed.servedDays).toBe(1);
  });

  it('leaves out a receiver with nothing new to order or cancel', () => {
    const fed = receiver(5, [day('2026-11-24', { items: [item(8, LUNCH, '12.50')] })]);
    expect(planPresences([fed], ['2026-11-24'], [{ mealTypeId: LUNCH.id }], false).commands).toEqual([]);
    const away = receiver(6, [day('2026-11-24', { absence: true })]);
    expect(planAbsences([away], ['2026-11-24'], false).commands).toEqual([]);
    // Among others it keeps the day, so that every receiver sends the same dates.
    const plan = planAbsences([away, receiver(7, [day('2026-11-24'), day('2026-11-25')])], ['2026-11-24', '2026-11-25'], false);
    expect(plan.commands.map((command) => command.subject.id)).toEqual([7]);
  });

  it('joins receivers with the same request into one batch, in order', () => {
    const same = (id: number) => receiver(id, [day('2026-11-23'), day('2026-11-24')]);
    const plan = planPresences([same(1), olek, same(3), same(4)], ['2026-11-23', '2026-11-24'], [{ mealTypeId: LUNCH.id }], false);
    expect(batchCommands(plan.commands)).toEqual([
      {
        subjects: [1, 3, 4].map((id) => ({ type: 'child', id })),
        names: ['Child 1', 'Child 3', 'Child 4'],
        body: { calendarDaysData: [{ date: '2026-11-23', mealTypes: [{ mealTypeId: 2 }] }, { date: '2026-11-24', mealTypes: [{ mealTypeId: 2 }] }] },
      },
      { subjects: [{ type: 'child', id: 2 }], names: ['Child 2'], body: { calendarDaysData: [{ date: '2026-11-23', mealTypes: [{ mealTypeId: 2 }] }] } },
    ]);
  });

  it('sums money in grosze', () => {
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents('12.5')).toBe(1250);
    expect(fromCents(-1205)).toBe('-12.05');
  });
});
