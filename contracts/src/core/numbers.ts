/**
 * Numbers in the reader's language, for both front ends: "1.5" in English, "1,5" in French and
 * Spanish, a thousands group as the language writes it (12,345 / 12.345 / 12 345), not as the
 * browser's locale does. One Intl.NumberFormat per language and shape, made once: making one
 * costs far more than using it, and a table formats hundreds of numbers.
 */
const formats = new Map<string, Intl.NumberFormat>();

const numberFormat = (locale: string, key: string, options: Intl.NumberFormatOptions) => {
  const cacheKey = `${locale} ${key}`;
  let f = formats.get(cacheKey);
  if (!f) formats.set(cacheKey, (f = new Intl.NumberFormat(locale, options)));
  return f;
};

/** `value` with at most `digits` decimals. */
export const formatNumber = (locale: string, value: number, digits = 0): string =>
  numberFormat(locale, `${digits} decimal`, { maximumFractionDigits: digits }).format(value);

/** `value` with exactly `digits` decimals ("3.0", "2.5"): a column of them reads alike. */
export const formatFixed = (locale: string, value: number, digits: number): string =>
  numberFormat(locale, `${digits} fixed`, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);

/**
 * A percentage out of 100 with at most `digits` decimals, as the language writes it: "40%" in
 * English, "40 %" in Spanish and French (a space that never breaks; which one is ICU's choice).
 */
export const formatPercent = (locale: string, percent: number, digits = 0): string =>
  numberFormat(locale, `${digits} percent`, { style: 'percent', maximumFractionDigits: digits }).format(
    percent / 100,
  );

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size in the reader's language and units: "45.3 MB", "45,3 MB", "45,3 Mo"; a dash for none. */
export function formatBytes(locale: string, n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  let v = n;
  let i = 0;
  while (v >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return numberFormat(locale, BYTE_UNITS[i], {
    style: 'unit',
    unit: BYTE_UNITS[i],
    unitDisplay: 'short',
    maximumFractionDigits: i ? 1 : 0,
  }).format(v);
}

/**
 * The values of a translated text with each number in the reader's language (a number given as
 * is keeps its dot). `smart_count` stays a number: it chooses the plural.
 */
export function formatFigures(
  locale: string,
  values: Record<string, unknown>,
  digits = 1,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      typeof v === 'number' && k !== 'smart_count' ? formatNumber(locale, v, digits) : v,
    ]),
  );
}
