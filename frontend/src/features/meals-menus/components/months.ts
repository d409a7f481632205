import { formatDate } from '@/lib/format';
/** Months as the API writes them (`YYYY-MM`) and days as `YYYY-MM-DD`, computed without time zones. */

const pad = (value: number) => String(value).padStart(2, '0');

export const monthOf = (isoDate: string) => isoDate.slice(0, 7);

export function currentMonth(today = new Date()): string {
  return `${today.getFullYear()}-${pad(today.getMonth() + 1)}`;
}

export function addMonths(month: string, delta: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

export const isMonth = (value: string | null): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** The month to show first: the asked one, else today's when the range covers it, else the range's first. */
export function initialMonth(dateFrom: string, dateTo: string, asked: string | null, today = new Date()): string {
  if (isMonth(asked)) return asked;
  const now = currentMonth(today);
  return now >= monthOf(dateFrom) && now <= monthOf(dateTo) ? now : monthOf(dateFrom);
}

const parse = (isoDate: string) => {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(year, month - 1, day);
};

export const weekdayOf = (isoDate: string) => parse(isoDate).getDay();
export const isWeekend = (isoDate: string) => [0, 6].includes(weekdayOf(isoDate));

/** "środa, 25 listopada" / "Wednesday 25 November": a day's heading in the menu grid. */
export function formatDay(isoDate: string, locale: string): string {
  return formatDate(isoDate, locale, { weekday: 'long', day: 'numeric', month: 'long' });
}

/** "śr., 25.11" / "Wed 25/11": a day in the compact copy dialogs. */
export function formatShortDay(isoDate: string, locale: string): string {
  return formatDate(isoDate, locale, { weekday: 'short', day: 'numeric', month: 'numeric' });
}
