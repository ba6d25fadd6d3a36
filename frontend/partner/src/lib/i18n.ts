import i18n, { type BackendModule, type ResourceKey } from 'i18next';
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
 * Every `src/locales/<lang>/<namespace>.json`: a feature adds its own namespace file per
 * language and it is picked up here without touching this file. English (the fallback, and what
 * most visitors read) is in the first download; es and fr load only when chosen or detected
 * (one small chunk per language, see vite.config.ts), before the first render that needs them.
 */
const bundled = import.meta.glob<Messages>('../locales/en/*.json', { eager: true, import: 'default' });
const onDemand = import.meta.glob<Messages>(['../locales/*/*.json', '!../locales/en/*.json'], {
  import: 'default',
});

const fileOf = /locales\/([^/]+)\/([^/]+)\.json$/;

function buildResources(entries: Record<string, Messages>) {
  const resources: Record<string, Record<string, Messages>> = {};
  for (const [path, messages] of Object.entries(entries)) {
    const m = fileOf.exec(path);
    if (!m) continue;
    const [, lang, ns] = m as unknown as [string, string, string];
    (resources[lang] ??= {})[ns] = messages;
  }
  return resources;
}

const resources = buildResources(bundled);
const namespaces = Object.keys(resources[FALLBACK_LANGUAGE] ?? {});

/** `<lang>/<namespace>` → the loader of that file (es, fr). */
const loaders = new Map(
  Object.entries(onDemand).flatMap(([path, load]) => {
    const m = fileOf.exec(path);
    return m ? [[`${m[1]}/${m[2]}`, load] as const] : [];
  }),
);

/** An i18next backend that imports a language's namespace files on demand. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaders.get(`${language}/${namespace}`);
    if (!load) return callback(null, {}); // en is bundled; an unknown pair has nothing to load
    load().then(
      (messages) => callback(null, messages as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const syncHtmlLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = toSupported(lng) ?? FALLBACK_LANGUAGE;
};
i18n.on('languageChanged', syncHtmlLang);

/** Resolves once the detected language's texts are loaded (at once for English): render after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLocales)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    // en comes with the bundle; the backend fills in es and fr
    partialBundledLanguages: true,
    ns: namespaces,
    defaultNS: 'common',
    fallbackNS: 'common',
    supportedLngs: LANGUAGE_CODES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    // English is bundled, so it is ready synchronously; es and fr resolve i18nReady when loaded
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

/**
 * The chosen language also goes into a cookie of the same name: the server reads it to send the
 * landing page's HTML in that language (backend/src/http/bundles.ts).
 */
const cookieLanguage = (code: string) => {
  if (typeof document !== 'undefined')
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${code}; path=/; max-age=31536000; samesite=lax`;
};
try {
  // a choice stored before the cookie existed
  const stored = toSupported(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  if (stored && !document.cookie.includes(`${LANGUAGE_STORAGE_KEY}=${stored}`)) cookieLanguage(stored);
} catch {
  // no storage (private mode) or no document: nothing was chosen
}

/** Switches the language at once, remembers it under `preferredLanguage` and updates `<html lang>`. */
export async function setLanguage(code: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // storage may be unavailable (private mode); the switch still happens
  }
  cookieLanguage(code);
  await i18n.changeLanguage(code);
}

export { i18n };
