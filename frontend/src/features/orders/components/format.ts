import { formatMoney, type Money } from '@/lib/money';

export const intlLocale = (language: string) => (language.startsWith('en') ? 'en-GB' : 'pl-PL');

/** The API's `YYYY-MM-DD` read as a calendar day (not a moment), written the reader's way. */
export function formatDay(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return date;
  return new Intl.DateTimeFormat(intlLocale(language), { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(year, month - 1, day),
  );
}

export function formatDateTime(value: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(value));
}

/** Prices are null for those who may not see them: shown as a dash. */
export function formatPrice(money: Money | null | undefined, language: string): string {
  return money ? formatMoney(money, intlLocale(language)) : '—';
}
