/**
 * Quantities of stock: decimal strings from the API ("1249.500"), typed by people as "1249,5". Never a float on
 * the way to the server.
 */

/** Up to 8 whole digits and 3 decimals, a comma or a dot. */
export const QUANTITY_INPUT_PATTERN = /^\d{1,8}([.,]\d{1,3})?$/;

/** "12,5" → "12.5" as the API wants it. */
export function toQuantityString(input: string): string {
  return input.trim().replace(',', '.');
}

/** Whether a typed quantity is above zero (the server's rule for a turnover). */
export function isPositiveQuantity(input: string): boolean {
  return QUANTITY_INPUT_PATTERN.test(input.trim()) && /[1-9]/.test(input);
}

/** "1249.500" → "1249,5" (pl) or "1,249.5" (en): no trailing zeros, grouped, the sign kept. */
export function formatQuantity(value: string | null | undefined, language?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  return new Intl.NumberFormat(language?.startsWith('en') ? 'en-GB' : 'pl-PL', { maximumFractionDigits: 3 }).format(
    value as unknown as number,
  );
}

/** A stock under zero or marked low reads as a warning. */
export function isNegative(value: string): boolean {
  return value.trim().startsWith('-') && /[1-9]/.test(value);
}

/** The price unit is per kg / l / piece; `szt.` reads as the language's word. */
export function priceUnitKey(unit: string): 'kg' | 'l' | 'piece' {
  return unit === 'kg' ? 'kg' : unit === 'l' ? 'l' : 'piece';
}
