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

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size in the reader's language and units: "45.3 MB", "45,3 MB", "45,3 Mo"; a dash for none. */
export function formatBytes(locale: string, n: number | null | undefined) {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  let v = n;
  let i = 0;
  while (v >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  const key = `${locale} ${BYTE_UNITS[i]}`;
  let f = formats.get(key);
  if (!f)
    formats.set(
      key,
      (f = new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: BYTE_UNITS[i],
        unitDisplay: 'short',
        maximumFractionDigits: i ? 1 : 0,
      })),
    );
  return f.format(v);
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

/** How long a process has run, in the reader's units: "2 d 3 h", "2 j 3 h", "5 min 7 s". */
export function uptime(t: (key: string, values: Record<string, number>) => string, seconds: number) {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return t('app.system.uptimeDays', { days, hours });
  if (hours) return t('app.system.uptimeHours', { hours, minutes });
  return t('app.system.uptimeMinutes', { minutes, seconds: Math.floor(seconds % 60) });
}
