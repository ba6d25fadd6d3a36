import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { en } from './en';

const LANGUAGE_STORAGE_KEY = 'preferredLanguage';
const LOCALES = [
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

/**
 * react-admin's French pack in French typography, as the console's own texts are: the apostrophe
 * ’ ("n’est", not "n'est") and no-break spaces before ; : ! ? (a line never starts with "?"),
 * also where the pack has no space at all ("au choix: %{options}"; a time's 20:00 is left alone).
 */
const frenchTypography = (catalog: TranslationMessages): TranslationMessages =>
  JSON.parse(JSON.stringify(catalog), (_key, value: unknown) =>
    typeof value === 'string'
      ? value
          .replace(/(\p{L})'(\p{L})/gu, '$1’$2')
          .replace(/ ([;!?])/g, '\u202f$1')
          .replace(/ :/g, '\u00a0:')
          .replace(/([\p{L}\p{N})»])([;!?])(?=\s|$)/gu, '$1\u202f$2')
          .replace(/([\p{L}\p{N})»]):(?=\s|$)/gu, '$1\u00a0:')
      : value,
  ) as TranslationMessages;

/** English is in the first download; Spanish and French load when chosen (or stored). */
const loaded: Partial<Record<Locale, TranslationMessages>> = {
  en: withoutDoublePeriod({ ...englishMessages, ...en }),
};
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<TranslationMessages>> = {
  es: async () => {
    const [{ raSpanish }, { es }] = await Promise.all([import('./raSpanish'), import('./es')]);
    return withoutDoublePeriod({ ...raSpanish, ...es });
  },
  fr: async () => {
    const [{ default: frenchMessages }, { fr }] = await Promise.all([
      import('ra-language-french'),
      import('./fr'),
    ]);
    return withoutDoublePeriod({ ...frenchTypography(frenchMessages), ...fr });
  },
};

/** Loads a language's texts (once); the console renders after its first language is loaded. */
export async function loadCatalog(locale: Locale): Promise<TranslationMessages> {
  return (loaded[locale] ??= await loaders[locale as Exclude<Locale, 'en'>]());
}

/** A loaded language's texts, English until it is loaded. */
export const catalog = (locale: Locale): TranslationMessages => loaded[locale] ?? loaded.en!;

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

function rememberLocale(locale: string) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // storage unavailable: the switch still applies to this page
  }
  document.documentElement.lang = locale;
}

const messagesOf = (code: string) => {
  const locale = supported(code) ?? 'en';
  return loaded[locale] ?? loadCatalog(locale);
};

// made at the first call, once main.tsx has loaded the first language (polyglot needs it at
// once); English if that language could not be loaded
let base: I18nProvider | undefined;
const provider = () => (base ??= makeProvider());
function makeProvider() {
  const locale = initialLocale();
  return polyglotI18nProvider(messagesOf, loaded[locale] ? locale : 'en', [...LOCALES], {
    allowMissing: false,
  });
}

/**
 * react-admin's empty-list texts put the resource's name in a sentence ("No Users found"), which
 * reads wrong in every language: a resource's own sentence (`resources.<name>.empty`, the key
 * react-admin's empty page reads too, and `resources.<name>.noMatch` under filters) is said
 * instead, react-admin's text only where a resource has none.
 */
const OWN_SENTENCE: Record<string, string> = {
  'ra.navigation.no_results': 'empty',
  'ra.navigation.no_filtered_results': 'noMatch',
};
function translate(key: string, options?: { resource?: string; [k: string]: unknown }) {
  const own = OWN_SENTENCE[key];
  return own && options?.resource
    ? provider().translate(`resources.${options.resource}.${own}`, {
        ...options,
        _: provider().translate(key, options),
      })
    : provider().translate(key, options);
}

export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: async (locale: string) => {
    rememberLocale(locale);
    return provider().changeLocale(locale);
  },
  getLocale: () => provider().getLocale(),
  getLocales: () => provider().getLocales?.() ?? [...LOCALES],
};
