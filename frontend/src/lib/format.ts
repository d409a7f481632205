import { currentLocale } from './i18n';
import type { Money } from './money';

/**
 * The one place that writes dates, moments and money for people, in the interface language:
 *
 * | what     | pl                  | en                  |
 * |----------|---------------------|---------------------|
 * | date     | 25.11.2026          | 25/11/2026          |
 * | datetime | 25.11.2026, 14:30   | 25/11/2026, 14:30   |
 * | money    | 12 386,00 zł        | PLN 12,386.00       |
 *
 * English is British English (day before month, as in Polish), and money in English names the currency by its
 * code, as English-language invoices in Poland do. Every function takes the language as an optional last
 * argument; without it, the interface's current language is used.
 */
export type IntlLocale = 'pl-PL' | 'en-GB';

/** `pl`, `en`, `en-US`, … as the Intl locale the interface writes in. */
export function intlLocale(language: string = currentLocale()): IntlLocale {
  return language.toLowerCase().startsWith('en') ? 'en-GB' : 'pl-PL';
}

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/**
 * The API's `YYYY-MM-DD` is a calendar day, not a moment: it is formatted at noon UTC in UTC, so no timezone or
 * daylight-saving change can move it to the day before.
 */
function calendarDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
}

/** A `YYYY-MM-DD` day: 25.11.2026 / 25/11/2026; other `options` (weekday, long month) for headings. Empty when absent. */
export function formatDate(date: string | null | undefined, language?: string, options: Intl.DateTimeFormatOptions = DATE): string {
  if (!date) return '';
  const day = calendarDay(date);
  if (!day) return date;
  return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(day);
}

/** A moment (ISO 8601 with its offset) in the browser's timezone: 25.11.2026, 14:30 / 25/11/2026, 14:30. */
export function formatDateTime(value: string | null | undefined, language?: string, options: Intl.DateTimeFormatOptions = DATE_TIME): string {
  if (!value) return '';
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(language), options).format(moment);
}

/** A `YYYY-MM` month as a heading: "Listopad 2026" / "November 2026". */
export function formatMonth(month: string, language?: string): string {
  const text = formatDate(`${month.slice(0, 7)}-01`, language, { month: 'long', year: 'numeric' });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type DecimalString = `${number}`;

/**
 * An amount of money: 12 386,00 zł / PLN 12,386.00; a dash when there is none (prices hidden from the reader).
 * The decimal string goes to Intl.NumberFormat as a string, which keeps it exact (never through a float).
 */
export function formatMoney(money: Money | null | undefined, language?: string): string {
  if (!money) return '—';
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: money.currency || 'PLN',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(money.amount.trim() as DecimalString);
}

/** A decimal quantity (ingredient amounts) with two fraction digits: 1 250,50 / 1,250.50. */
export function formatDecimal(value: string, language?: string): string {
  return new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value.trim() as DecimalString,
  );
}
