import { currentLocale } from '@/lib/i18n';

const CALLBACK_PATH = '/auth/callback';

/**
 * The sign-in site sends the browser back to this tenant's /auth/callback with the token in the fragment.
 * `lang` carries the interface language there: the sign-in site may live on another host, where this host's
 * `locale` cookie is not sent; it answers in that language and keeps it in its own cookie.
 */
export function externalLoginHref(loginUrl: string): string {
  const query = new URLSearchParams({ next: window.location.origin + CALLBACK_PATH, lang: currentLocale() });
  return `${loginUrl}?${query.toString()}`;
}
