/**
 * Numbers in the reader's language: "1.5" in English, "1,5" in French and Spanish. One
 * Intl.NumberFormat per language and shape, made once.
 */
const formats = new Map<string, Intl.NumberFormat>();

/** `value` with at most `digits` decimals; as a percentage, `value` is out of 100 ("1,5 %" in fr). */
export function formatNumber(
  locale: string,
  value: number,
  digits = 0,
  style: 'decimal' | 'percent' = 'decimal',
) {
  const key = `${locale} ${digits} ${style}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(locale, { style, maximumFractionDigits: digits })));
  return f.format(style === 'percent' ? value / 100 : value);
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
