/** 7 or 9 digits, optionally spaced 3-4 or 3-3-3 (spec §5). */
export const PHONE_PATTERN = /^(\d{3} ?\d{4}|\d{3} ?\d{3} ?\d{3})$/;
export const PHONE_MAX_LENGTH = 12;

/** 26 digits plus the spaces people type between groups; the server's limit. */
export const BANK_ACCOUNT_MAX_LENGTH = 32;

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Polish VAT ID (NIP): 10 digits. */
export const VAT_ID_PATTERN = /^\d{10}$/;
export const POST_CODE_PATTERN = /^\d{2}-\d{3}$/;

export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

const URL_SCHEMES = new Set(['http:', 'https:', 'ftp:', 'ftps:']);

/** What the server's URLField takes: an http(s)/ftp(s) address with a host name (localhost, a dotted name or an IP). */
export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return URL_SCHEMES.has(url.protocol) && (url.hostname === 'localhost' || url.hostname.includes('.') || url.hostname.startsWith('['));
}
