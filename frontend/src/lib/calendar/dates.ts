/**
 * Calendar dates are plain `YYYY-MM-DD` strings (the API's format). Arithmetic goes through UTC, so no
 * timezone or daylight-saving change can shift a day.
 */
export type IsoDate = string;
/** `YYYY-MM`. */
export type IsoMonth = string;

function toUtc(date: IsoDate): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

function fromUtc(value: Date): IsoDate {
  return value.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** 0 = Monday … 6 = Sunday (Polish weeks start on Monday). */
export function weekdayIndex(date: IsoDate): number {
  return (toUtc(date).getUTCDay() + 6) % 7;
}

export function isWeekend(date: IsoDate): boolean {
  return weekdayIndex(date) >= 5;
}

/** ISO 8601 week number (the week with the year's first Thursday is week 1). */
export function isoWeekNumber(date: IsoDate): number {
  const thursday = toUtc(addDays(date, 3 - weekdayIndex(date)));
  const firstThursday = toUtc(addDays(`${thursday.getUTCFullYear()}-01-04`, 3 - weekdayIndex(`${thursday.getUTCFullYear()}-01-04`)));
  return 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
}

export function monthOf(date: IsoDate): IsoMonth {
  return date.slice(0, 7);
}

export function addMonths(month: IsoMonth, months: number): IsoMonth {
  const [year, monthNumber] = month.split('-').map(Number);
  const value = new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1 + months, 1));
  return fromUtc(value).slice(0, 7);
}

export function firstDayOfMonth(month: IsoMonth): IsoDate {
  return `${month}-01`;
}

export function lastDayOfMonth(month: IsoMonth): IsoDate {
  return addDays(firstDayOfMonth(addMonths(month, 1)), -1);
}

/** Every date from `from` to `to`, both included, in order (either end may come first). */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const [start, end] = from <= to ? [from, to] : [to, from];
  const dates: IsoDate[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Today in the browser's calendar (the server decides what is still open; this only marks "today"). */
export function todayIso(now: Date = new Date()): IsoDate {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
