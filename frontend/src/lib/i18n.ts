import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from './cookies';

export const LOCALES = ['pl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pl';
export const LOCALE_COOKIE = 'locale';
const LOCALE_COOKIE_DAYS = 7;

type Namespace = Record<string, unknown>;

/**
 * Every `locales/<locale>/<namespace>.json` is a namespace, so a feature adds its texts by adding files,
 * never by editing this module.
 */
const localeFiles = import.meta.glob<Namespace>('../locales/*/*.json', { eager: true, import: 'default' });

function loadResources(): Record<Locale, Record<string, Namespace>> {
  const loaded: Record<Locale, Record<string, Namespace>> = { pl: {}, en: {} };
  for (const [file, content] of Object.entries(localeFiles)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, locale, namespace] = match;
    if (isLocale(locale) && namespace) loaded[locale][namespace] = content;
  }
  return loaded;
}

export const resources = loadResources();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language a visit starts in: the `locale` cookie (set by either language switch), else Polish. */
export function initialLocale(): Locale {
  const fromCookie = getCookie(LOCALE_COOKIE);
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}

const startLocale = initialLocale();
// index.html says `pl`; a visitor whose cookie says otherwise gets the right page language before any render.
document.documentElement.lang = startLocale;

void i18n.use(initReactI18next).init({
  resources,
  lng: startLocale,
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
