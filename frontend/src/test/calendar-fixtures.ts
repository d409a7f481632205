import type { Money } from '@/lib/money';
import type { CalendarAvailable, CalendarDay, CalendarItem, CalendarMonth, CalendarSubject, ManyMarked, SubjectType } from '@/lib/calendar/types';
import { datesBetween, firstDayOfMonth, isWeekend, lastDayOfMonth, type IsoMonth } from '@/lib/calendar/dates';

/** Calendar answers for tests, shaped like the ordering serializers. */
export const pln = (amount: string): Money => ({ amount, currency: 'PLN' });

export const SOUP = { id: 1, name: 'Soup' };
export const LUNCH = { id: 2, name: 'Lunch' };
export const NORMAL = { id: 10, name: 'Normal' };
export const LARGE = { id: 11, name: 'Large' };

export function offer(mealType: { id: number; name: string }, price: string | null, overrides: Partial<CalendarAvailable> = {}): CalendarAvailable {
  return {
    priceListItemId: mealType.id * 100 + NORMAL.id,
    mealTypeId: mealType.id,
    mealTypeName: mealType.name,
    dietId: 1,
    dietName: 'Standard',
    portionSizeId: NORMAL.id,
    portionSizeName: NORMAL.name,
    isDefaultPortion: true,
    price: price === null ? null : pln(price),
    ...overrides,
  };
}

export function item(id: number, mealType: { id: number; name: string }, price: string | null, overrides: Partial<CalendarItem> = {}): CalendarItem {
  return {
    id,
    orderId: 1,
    mealTypeId: mealType.id,
    mealTypeName: mealType.name,
    dietId: 1,
    dietName: 'Standard',
    portionSizeId: NORMAL.id,
    portionSizeName: NORMAL.name,
    priceListItemId: null,
    price: price === null ? null : pln(price),
    status: 'active',
    servedAt: null,
    note: '',
    automarked: false,
    ...overrides,
  };
}

export function calendarDay(date: string, overrides: Partial<CalendarDay> = {}): CalendarDay {
  return {
    date,
    isFreeDay: false,
    freeDayName: '',
    isOpen: true,
    deadline: `${date}T12:00:00+01:00`,
    absence: false,
    items: [],
    available: [offer(SOUP, '4.50'), offer(LUNCH, '12.50'), offer(LUNCH, '15.00', { portionSizeId: LARGE.id, portionSizeName: LARGE.name, isDefaultPortion: false, priceListItemId: 211 })],
    menu: [],
    allergenClashes: [],
    ...overrides,
  };
}

export function subject(type: SubjectType, id: number, name: string): CalendarSubject {
  return {
    type,
    id,
    name,
    institutionId: 1,
    institutionName: 'SP 12',
    institutionShortName: 'SP12',
    classroomId: null,
    classroomName: null,
    dietId: 1,
    dietName: 'Standard',
    payerId: 1,
  };
}

/**
 * A month where weekdays before `openFrom` are closed (the cut-off), weekends have nothing to order,
 * and `days` overrides single days.
 */
export function calendarMonth(
  owner: CalendarSubject,
  month: IsoMonth,
  { openFrom = '0000-00-00', days = {} }: { openFrom?: string; days?: Record<string, Partial<CalendarDay>> } = {},
): CalendarMonth {
  const first = firstDayOfMonth(month);
  const last = lastDayOfMonth(month);
  return {
    subject: owner,
    dateFrom: first,
    dateTo: last,
    canSeePrices: true,
    days: datesBetween(first, last).map((date) =>
      calendarDay(date, {
        isOpen: date >= openFrom,
        ...(isWeekend(date) ? { available: [] } : {}),
        ...days[date],
      }),
    ),
  };
}

/** The answer of the several-subjects marking calls (`calendar/days/presences`, `calendar/days/absences`). */
export function manyMarked(overrides: Partial<ManyMarked> = {}): ManyMarked {
  return {
    status: !overrides.refused?.length,
    created: [],
    cancelled: [],
    skipped: 0,
    refused: [],
    balance: pln('100.00'),
    activeOrdersAmount: pln('0.00'),
    ...overrides,
  };
}
