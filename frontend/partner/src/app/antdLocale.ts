import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { LanguageCode } from '../lib/languages';

/**
 * antd's texts (modal buttons, empty states, pickers) in the interface language. English comes
 * with the bundle; es and fr load on demand. A locale is always set: antd's ConfigProvider adds a
 * provider around the whole tree the first time it gets one, so a locale arriving after the first
 * render would remount the app and lose what the reader had typed.
 */
const loaders: Record<LanguageCode, () => Promise<Locale>> = {
  en: () => Promise.resolve(enUS),
  es: () => import('antd/es/locale/es_ES').then((m) => m.default),
  fr: () => import('antd/es/locale/fr_FR').then((m) => m.default),
};

const loaded = new Map<LanguageCode, Locale>([['en', enUS]]);

/** Loads (once) the antd locale of a language; resolves when it is available synchronously. */
export async function loadAntdLocale(lang: LanguageCode): Promise<Locale> {
  const known = loaded.get(lang);
  if (known) return known;
  const locale = await loaders[lang]();
  loaded.set(lang, locale);
  return locale;
}

/** The antd locale of a language if already loaded. */
export const antdLocaleIfLoaded = (lang: LanguageCode): Locale | undefined => loaded.get(lang);

export { enUS as defaultAntdLocale };
