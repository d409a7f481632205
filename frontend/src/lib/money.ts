export interface Money {
  amount: string;
  currency: string;
}

export const DEFAULT_CURRENCY = 'PLN';
export const ZERO_MONEY: Money = { amount: '0.00', currency: DEFAULT_CURRENCY };

/** Decimal string with at most two fraction digits, as the API sends and accepts money. */
export const MONEY_AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;

type DecimalString = `${number}`;

/**
 * Formats a decimal string without converting it to a binary float: Intl.NumberFormat
 * accepts numeric strings and keeps them exact.
 */
export function formatMoney(money: Money, locale = 'pl-PL'): string {
  const formatter = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: money.currency || DEFAULT_CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return formatter.format(money.amount.trim() as DecimalString);
}

export function isNegativeAmount(amount: string): boolean {
  const trimmed = amount.trim();
  return trimmed.startsWith('-') && /[1-9]/.test(trimmed);
}
