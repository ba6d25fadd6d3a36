/** A language of the interface (spec 000 section 3: code, name, flag). */
export interface LanguageOption {
  code: 'en' | 'es' | 'fr';
  /** the language's own name */
  name: string;
  flag: string;
}

export const LANGUAGES: readonly LanguageOption[] = [
  { code: 'en', name: 'English', flag: '🇺🇸' },
  { code: 'es', name: 'Español', flag: '🇪🇸' },
  { code: 'fr', name: 'Français', flag: '🇫🇷' },
];

export type LanguageCode = LanguageOption['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code);
export const FALLBACK_LANGUAGE: LanguageCode = 'en';
/** localStorage key of the chosen language */
export const LANGUAGE_STORAGE_KEY = 'preferredLanguage';

/** 'es-MX' -> 'es'; anything unsupported -> undefined. */
export function toSupported(code: string | null | undefined): LanguageCode | undefined {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return LANGUAGE_CODES.find((c) => c === base);
}
