import { currentLanguage } from './i18n';

/** A count as the interface language writes it, not the browser's locale: 12,345 / 12.345 / 12 345. */
export const formatNumber = (value: number, language: string = currentLanguage()): string =>
  new Intl.NumberFormat(language).format(value);

/**
 * A whole percent (0 to 100) as the interface language writes it: 40% in
 * English, 40 % in Spanish and French. Every progress figure goes through it; callers render inside
 * a component that uses useTranslation, so a language switch re-renders them.
 */
export const formatPercent = (percent: number, language: string = currentLanguage()): string =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
