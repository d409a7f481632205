import { addDays, firstDayOfMonth, isoWeekNumber, lastDayOfMonth, monthOf, weekdayIndex, type IsoDate, type IsoMonth } from '@/lib/calendar/dates';

export interface GridWeek {
  /** ISO week number, the label of the week button. */
  number: number;
  /** Seven dates, Monday first; `inMonth` is false for the neighbouring months' days that fill the row. */
  days: { date: IsoDate; inMonth: boolean }[];
}

/** The rows of a month view: whole Monday–Sunday weeks covering the month. */
export function monthWeeks(month: IsoMonth): GridWeek[] {
  const first = firstDayOfMonth(month);
  const last = lastDayOfMonth(month);
  const weeks: GridWeek[] = [];
  for (let monday = addDays(first, -weekdayIndex(first)); monday <= last; monday = addDays(monday, 7)) {
    const days = Array.from({ length: 7 }, (_, index) => {
      const date = addDays(monday, index);
      return { date, inMonth: monthOf(date) === month };
    });
    weeks.push({ number: isoWeekNumber(monday), days });
  }
  return weeks;
}
