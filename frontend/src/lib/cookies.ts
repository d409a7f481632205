export interface CookieOptions {
  expires?: Date;
  maxAgeSeconds?: number;
}

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const attributes = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, 'path=/', 'samesite=lax'];
  if (options.expires) attributes.push(`expires=${options.expires.toUTCString()}`);
  if (options.maxAgeSeconds !== undefined) attributes.push(`max-age=${options.maxAgeSeconds}`);
  // Browsers drop Secure cookies set from plain-http pages (local development), so only ask for it on https.
  if (window.location.protocol === 'https:') attributes.push('secure');
  document.cookie = attributes.join('; ');
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; samesite=lax`;
}
