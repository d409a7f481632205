import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDecimal, formatMoney, formatMonth, intlLocale } from './format';

/** Intl separates thousands and the currency with (narrow) no-break spaces; the assertions read plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the shared formatters', () => {
  it('write a calendar day as 25.11.2026 in Polish and 25/11/2026 in English, empty when there is none', () => {
    expect(formatDate('2026-11-25', 'pl')).toBe('25.11.2026');
    expect(formatDate('2026-11-25', 'en')).toBe('25/11/2026');
    expect(formatDate(null, 'pl')).toBe('');
    expect(formatDate('', 'en')).toBe('');
  });

  it('keep a calendar day on its day across the daylight-saving change', () => {
    expect(formatDate('2026-03-29', 'pl')).toBe('29.03.2026');
    expect(formatDate('2026-10-25', 'en')).toBe('25/10/2026');
  });

  it('write a day with a weekday for headings when asked', () => {
    expect(formatDate('2026-11-25', 'en', { weekday: 'long', day: 'numeric', month: 'long' })).toBe('Wednesday 25 November');
    expect(formatDate('2026-11-25', 'pl', { weekday: 'long', day: 'numeric', month: 'long' })).toBe('środa, 25 listopada');
  });

  it('write a moment as day and time in the reader’s timezone', () => {
    const moment = new Date(2026, 10, 25, 14, 30).toISOString();
    expect(formatDateTime(moment, 'pl')).toBe('25.11.2026, 14:30');
    expect(formatDateTime(moment, 'en')).toBe('25/11/2026, 14:30');
    expect(formatDateTime(undefined, 'en')).toBe('');
  });

  it('write a month as a capitalised heading', () => {
    expect(formatMonth('2026-11', 'pl')).toBe('Listopad 2026');
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
  });

  it('write money as 12 386,00 zł in Polish and PLN 12,386.00 in English, exactly from the decimal string', () => {
    expect(plain(formatMoney({ amount: '12386.00', currency: 'PLN' }, 'pl'))).toBe('12 386,00 zł');
    expect(plain(formatMoney({ amount: '12386.00', currency: 'PLN' }, 'en'))).toBe('PLN 12,386.00');
    // Polish groups thousands only from five digits on.
    expect(plain(formatMoney({ amount: '1386.00', currency: 'PLN' }, 'pl'))).toBe('1386,00 zł');
    expect(plain(formatMoney({ amount: '-12.5', currency: 'PLN' }, 'pl'))).toBe('-12,50 zł');
    expect(plain(formatMoney({ amount: '-12.5', currency: 'PLN' }, 'en'))).toBe('-PLN 12.50');
    expect(plain(formatMoney({ amount: '99999999.99', currency: 'PLN' }, 'en'))).toBe('PLN 99,999,999.99');
  });

  it('write no money as a dash (prices hidden from the reader)', () => {
    expect(formatMoney(null, 'pl')).toBe('—');
  });

  it('write quantities with two fraction digits', () => {
    expect(plain(formatDecimal('1501.5', 'pl'))).toBe('1501,50');
    expect(plain(formatDecimal('1501.5', 'en'))).toBe('1,501.50');
  });

  it('map the interface languages to the Intl locales', () => {
    expect(intlLocale('pl')).toBe('pl-PL');
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('en-US')).toBe('en-GB');
  });
});
