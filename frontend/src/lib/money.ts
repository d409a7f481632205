import type { components } from '@/api/schema';

/** `{"amount": "12.50", "currency": "PLN"}`: the amount is a decimal string, never a float. */
export type Money = components['schemas']['Money'];

export const DEFAULT_CURRENCY: Money['currency'] = 'PLN';

/** What a person may type: at most two fraction digits, with a dot or the Polish decimal comma. */
export const DECIMAL_INPUT_PATTERN = /^\d{1,10}([.,]\d{1,2})?$/;

/** The API's decimal string: the comma becomes a dot, nothing passes through a float. */
export function toDecimalString(input: string): string {
  return input.trim().replace(',', '.');
}

export function isNegativeAmount(amount: string): boolean {
  const trimmed = amount.trim();
  return trimmed.startsWith('-') && /[1-9]/.test(trimmed);
}
