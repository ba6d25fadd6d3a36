import Chip from '@mui/material/Chip';
import { useTranslate, useLocaleState } from 'react-admin';
import {
  formatBytes,
  formatFigures,
  formatFixed,
  formatNumber,
  formatPercent,
} from '@portal/contracts/core/numbers';
import { lastLoginLabel } from './labels';

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
/** a table's date, in figures: "29/11/26", "11/29/26" ("29 nov 2026" took two lines in a narrow column) */
const SHORT_DATE: Intl.DateTimeFormatOptions = { year: '2-digit', month: '2-digit', day: '2-digit' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
/**
 * A chart's time tick: "2:05 PM" on a 12-hour clock, "03:05" on a 24-hour one (the hour in two
 * figures, as the console's other times). A cut "02:05:00 PM" read "02:05" in English.
 */
const clock = (locale: string): Intl.DateTimeFormatOptions => ({
  hour: new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle?.startsWith('h2')
    ? '2-digit'
    : 'numeric',
  minute: '2-digit',
});
/** a chart's day tick: "Nov 24", "24 nov", "24 nov." (no year: a week's ticks all had the same one) */
const DAY_MONTH: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
/** a chart's point in its tooltip: "Tue, Nov 24, 2:15 PM" */
const dayClock = (locale: string): Intl.DateTimeFormatOptions => ({
  weekday: 'short',
  ...DAY_MONTH,
  ...clock(locale),
});

/**
 * One formatter per language and format, made once: `toLocaleDateString(locale, options)` makes
 * a new one on every call, which cost ~10 ms for the users list's 100 dates.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (
  locale: string,
  name: string,
  /** the options, or (per language) how to make them: made once too */
  options: Intl.DateTimeFormatOptions | ((locale: string) => Intl.DateTimeFormatOptions),
) => {
  const key = `${locale} ${name}`;
  let f = formatters.get(key);
  if (!f)
    formatters.set(
      key,
      (f = new Intl.DateTimeFormat(locale, typeof options === 'function' ? options(locale) : options)),
    );
  return (value: string | Date) => {
    const date = new Date(value);
    // as toLocaleDateString: "Invalid Date" where format() would throw
    return Number.isNaN(date.getTime()) ? String(date) : f.format(date);
  };
};

/** Dates, times, numbers, percents, durations and sizes in the console's language. */
export function useFormat() {
  const [locale] = useLocaleState();
  return {
    date: formatter(locale, 'date', DATE),
    shortDate: formatter(locale, 'shortDate', SHORT_DATE),
    dateTime: formatter(locale, 'dateTime', DATE_TIME),
    time: formatter(locale, 'time', TIME),
    clock: formatter(locale, 'clock', clock),
    dayMonth: formatter(locale, 'dayMonth', DAY_MONTH),
    dayClock: formatter(locale, 'dayClock', dayClock),
    /** as dayClock, with the year: "Tue, Nov 24, 2026, 2:00 PM" */
    dayClockYear: formatter(locale, 'dayClockYear', (l) => ({ ...dayClock(l), year: 'numeric' })),
    /** a number in the reader's language, at most `digits` decimals */
    number: (value: number, digits = 0) => formatNumber(locale, value, digits),
    /** a number in the reader's language with exactly `digits` decimals: "3.0", "3,0" */
    fixed: (value: number, digits: number) => formatFixed(locale, value, digits),
    /** a percentage (out of 100) in the reader's language: "1.5%", "1,5 %" */
    percent: (value: number, digits = 1) => formatPercent(locale, value, digits),
    /** a duration in milliseconds: "1.5 ms", "1,5 ms" (a no-break space: a line never parts them) */
    ms: (value: number) => `${formatNumber(locale, value, 1)}\u00a0ms`,
    /** a size in bytes, in the reader's units: "45,3 Mo" */
    bytes: (value: number | null | undefined) => formatBytes(locale, value),
    /** a translated text's values with their numbers in the reader's language */
    figures: (values: Record<string, unknown>, digits = 1) => formatFigures(locale, values, digits),
  };
}

/** A date in a table's cell: in figures, on one line, the month in words on hover. */
export function ShortDate({ value }: { value: string | Date }) {
  const { date, shortDate } = useFormat();
  return (
    <span title={date(value)} style={{ whiteSpace: 'nowrap' }}>
      {shortDate(value)}
    </span>
  );
}

/** The spec's last-login label; `short`: its date as a table's (ShortDate). */
export function LastLogin({ value, short = false }: { value: string | null | undefined; short?: boolean }) {
  const t = useTranslate();
  const { date } = useFormat();
  const label = lastLoginLabel(value);
  switch (label.key) {
    case 'date':
      return short ? <ShortDate value={label.date} /> : <span title={value ?? ''}>{date(label.date)}</span>;
    case 'daysAgo':
      return <span title={value ?? ''}>{t('app.lastLogin.daysAgo', { count: label.count })}</span>;
    case 'weeksAgo':
      return <span title={value ?? ''}>{t('app.lastLogin.weeksAgo', { smart_count: label.count })}</span>;
    default:
      return <span title={value ?? ''}>{t(`app.lastLogin.${label.key}`)}</span>;
  }
}

export type Level = 'healthy' | 'warning' | 'critical';
export const LEVEL_COLOR: Record<Level, string> = {
  healthy: '#2e7d32',
  warning: '#ed6c02',
  critical: '#d32f2f',
};
const LEVEL_CHIP: Record<Level, 'success' | 'warning' | 'error'> = {
  healthy: 'success',
  warning: 'warning',
  critical: 'error',
};

export function LevelChip({ level, label }: { level: Level; label: string }) {
  return <Chip size="small" color={LEVEL_CHIP[level]} label={label} />;
}
