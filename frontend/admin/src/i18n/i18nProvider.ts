import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { TranslationMessages } from 'ra-core';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { raSpanish } from './raSpanish';

export const LANGUAGE_STORAGE_KEY = 'preferredLanguage';
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
  { locale: 'fr', name: 'Français' },
] as const;
export type Locale = (typeof LOCALES)[number]['locale'];

/** react-admin's not-found page adds its own period after this message. */
const withoutDoublePeriod = (catalog: TranslationMessages): TranslationMessages => ({
  ...catalog,
  ra: {
    ...catalog.ra,
    message: { ...catalog.ra.message, not_found: catalog.ra.message.not_found.replace(/\.$/, '') },
  },
});

export const catalogs: Record<Locale, TranslationMessages> = {
  en: withoutDoublePeriod({ ...englishMessages, ...en }),
  es: withoutDoublePeriod({ ...raSpanish, ...es }),
  fr: withoutDoublePeriod({ ...frenchMessages, ...fr }),
};

const supported = (code: string | null | undefined): Locale | undefined => {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((l) => l.locale === base)?.locale;
};

/** Same order as the partner app: the stored choice, then the browser, then English. */
export function initialLocale(): Locale {
  let stored: string | null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  return supported(stored) ?? supported(navigator.language) ?? 'en';
}

export function rememberLocale(locale: string) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // storage unavailable: the switch still applies to this page
  }
  document.documentElement.lang = locale;
}

const base = polyglotI18nProvider(
  (locale) => catalogs[(supported(locale) ?? 'en') as Locale],
  initialLocale(),
  [...LOCALES],
  {
    allowMissing: false,
  },
);

export const i18nProvider = {
  ...base,
  changeLocale: async (locale: string) => {
    rememberLocale(locale);
    return base.changeLocale(locale);
  },
};
