import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from './cookies';
import plCommon from '@/locales/pl/common.json';
import plErrors from '@/locales/pl/errors.json';
import plAuth from '@/locales/pl/auth.json';
import plProfile from '@/locales/pl/profile.json';
import plSettings from '@/locales/pl/settings.json';
import plRoutes from '@/locales/pl/routes.json';
import enCommon from '@/locales/en/common.json';
import enErrors from '@/locales/en/errors.json';
import enAuth from '@/locales/en/auth.json';
import enProfile from '@/locales/en/profile.json';
import enSettings from '@/locales/en/settings.json';
import enRoutes from '@/locales/en/routes.json';

export const LOCALES = ['pl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pl';
export const LOCALE_COOKIE = 'locale';
const LOCALE_COOKIE_DAYS = 7;

export const resources = {
  pl: {
    common: plCommon,
    errors: plErrors,
    auth: plAuth,
    profile: plProfile,
    settings: plSettings,
    routes: plRoutes,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    auth: enAuth,
    profile: enProfile,
    settings: enSettings,
    routes: enRoutes,
  },
} as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function initialLocale(): Locale {
  const fromCookie = getCookie(LOCALE_COOKIE);
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLocale(),
  fallbackLng: 'en',
  supportedLngs: LOCALES,
  defaultNS: 'common',
  ns: Object.keys(resources.pl),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers it for the next visit. */
export function applyLocale(locale: Locale): void {
  setCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_DAYS * 24 * 60 * 60 });
  document.documentElement.lang = locale;
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

const SENTENCE_LOOKUP = { ns: 'errors', keySeparator: false, nsSeparator: false } as const;

/** The server sends stable English sentences; the errors namespace maps each to its translation. */
export function translateServerMessage(sentence: string): string {
  return i18n.t(sentence, { ...SENTENCE_LOOKUP, defaultValue: sentence });
}

export default i18n;
