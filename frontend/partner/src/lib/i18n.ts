import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_CODES,
  LANGUAGE_STORAGE_KEY,
  type LanguageCode,
  toSupported,
} from './languages';

type Messages = Record<string, unknown>;

/**
 * Every `src/locales/<lang>/<namespace>.json`, bundled eagerly: a feature adds its own
 * namespace file per language and it is picked up here without touching this file.
 */
const files = import.meta.glob<Messages>('../locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(entries: Record<string, Messages>) {
  const resources: Record<string, Record<string, Messages>> = {};
  for (const [path, messages] of Object.entries(entries)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lang, ns] = m as unknown as [string, string, string];
    (resources[lang] ??= {})[ns] = messages;
  }
  return resources;
}

const resources = buildResources(files);
export const namespaces = Object.keys(resources[FALLBACK_LANGUAGE] ?? {});

const syncHtmlLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = toSupported(lng) ?? FALLBACK_LANGUAGE;
};
i18n.on('languageChanged', syncHtmlLang);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: namespaces,
    defaultNS: 'common',
    fallbackNS: 'common',
    supportedLngs: LANGUAGE_CODES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      // stored choice, then the browser, then the page's lang tag; en is the fallback
      order: ['localStorage', 'navigator', 'htmlTag'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      // only an explicit choice is stored (setLanguage)
      caches: [],
    },
    react: { useSuspense: false },
  });

/** Current interface language, always one of en, es, fr. */
export const currentLanguage = (): LanguageCode =>
  toSupported(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;

/** Switches the language at once, remembers it under `preferredLanguage` and updates `<html lang>`. */
export async function setLanguage(code: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // storage may be unavailable (private mode); the switch still happens
  }
  await i18n.changeLanguage(code);
}

export { i18n };
