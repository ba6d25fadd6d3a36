import type { TranslateFunction } from 'react-admin';

/**
 * Text alternatives of the console's charts (WCAG 1.1.1). recharts draws a chart as an SVG with
 * `role="application"` (its keyboard layer: Tab to the chart, arrows move the tooltip) and an
 * empty `<title>` and `<desc>`: a screen reader announced an unnamed application, or read the
 * axis ticks run together. Each chart now gets its panel's title as `<title>` (its name) and
 * one of these sentences as `<desc>` (its description).
 */

/** One drawn series of a chart over time: its name as the legend shows it, and the data key. */
export interface ChartSeries {
  name: string;
  key: string;
}

/**
 * "From 08:28 to 09:22. Average: latest 12 ms, highest 40 ms. P95: ..." over the points of a
 * chart over time; `when` and `value` write a time and a value as the chart's axes do.
 */
export function seriesSummary(
  t: TranslateFunction,
  points: readonly object[],
  series: ChartSeries[],
  when: (time: string) => string,
  value: (n: number) => string,
  timeKey = 't',
): string {
  const rows = points as readonly Record<string, unknown>[];
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return t('app.chart.empty');
  const parts = series.flatMap((s) => {
    const values = rows.map((p) => p[s.key]).filter((v): v is number => typeof v === 'number');
    const latest = values.at(-1);
    return latest === undefined
      ? []
      : [t('app.chart.series', { name: s.name, latest: value(latest), highest: value(Math.max(...values)) })];
  });
  return t('app.chart.summary', {
    from: when(String(first[timeKey])),
    to: when(String(last[timeKey])),
    series: parts.join(' '),
  });
}

/** A chart whose figures are all in the table that follows it (the funnel's). */
export const inTheTable = (t: TranslateFunction) => t('app.chart.inTable');
