/** 7 or 9 digits, optionally spaced 3-4 or 3-3-3 (spec §5). */
export const PHONE_PATTERN = /^(\d{3} ?\d{4}|\d{3} ?\d{3} ?\d{3})$/;
export const PHONE_MAX_LENGTH = 12;

/** 2 digits then six groups of 4, spaces optional (spec §5). */
export const BANK_ACCOUNT_PATTERN = /^\d{2}( ?\d{4}){6}$/;
export const BANK_ACCOUNT_MAX_LENGTH = 32;

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}
