import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { I18nContext } from 'react-admin';
import { loadCatalog, type Locale } from '../i18n/i18nProvider';
import type { HistoryRange } from '@portal/contracts/admin/endpoints';
import { timeAxes, useAxes, type Axes } from './parts';

/** The axes a chart gets in `locale`, with or without a unit. */
const axesIn = async (locale: Locale, unit?: 'ms', range: HistoryRange = '1h') => {
  const messages = await loadCatalog(locale);
  const i18n = polyglotI18nProvider(() => messages, locale);
  let axes: Axes | undefined;
  function Probe() {
    axes = useAxes(range, unit);
    return null;
  }
  renderToStaticMarkup(
    <I18nContext.Provider value={i18n}>
      <Probe />
    </I18nContext.Provider>,
  );
  return axes!;
};

/** What the chart's tooltip writes for a value. */
const tooltipValue = (axes: Axes, v: number) => {
  const tooltip = timeAxes(axes, []).find((e) => e.key === 'tooltip')!;
  return (tooltip.props as { formatter: (v: unknown) => unknown }).formatter(v);
};

describe('history chart values', () => {
  it('carry the unit the chart title names ("Average: 8 ms", not "Average: 8"), in the console\'s number format', async () => {
    expect(tooltipValue(await axesIn('en', 'ms'), 8)).toBe('8\u00a0ms');
    expect(tooltipValue(await axesIn('en', 'ms'), 1234.56)).toBe('1,234.6\u00a0ms');
    expect(tooltipValue(await axesIn('fr', 'ms'), 1234.56)).toBe('1\u202f234,6\u00a0ms');
    expect(tooltipValue(await axesIn('es', 'ms'), 8.25)).toBe('8,3\u00a0ms');
    // the text alternative says the same
    const summary = (await axesIn('en', 'ms')).summary(
      [
        { t: '2026-11-29T10:00:00.000Z', avgMs: 12 },
        { t: '2026-11-29T10:01:00.000Z', avgMs: 8 },
      ],
      [{ name: 'Average', key: 'avgMs' }],
    );
    expect(summary).toContain('Average: latest 8\u00a0ms, highest 12\u00a0ms.');
    // the value axis leaves the unit to the title
    expect((await axesIn('en', 'ms')).value(8)).toBe('8');
  });
  it('stay bare counts on a chart without a unit (requests, queries, users)', async () => {
    expect(tooltipValue(await axesIn('en'), 1234)).toBe('1,234');
    expect(tooltipValue(await axesIn('fr'), 1234)).toBe('1\u202f234');
  });
});

/** `count` points `stepMinutes` apart from `start`. */
const pointsFrom = (start: Date, stepMinutes: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    t: new Date(start.getTime() + i * stepMinutes * 60_000).toISOString(),
  }));

/** Each range's points as the server sends them, from a local time (the browser's zone, as the chart's). */
const RANGE_POINTS = {
  // 84 points of 2 h from a Sunday 14:00
  '7d': pointsFrom(new Date(2026, 10, 22, 14, 0), 120, 84),
  // 96 points of 15 min from 15:00
  '24h': pointsFrom(new Date(2026, 10, 24, 15, 0), 15, 96),
  // 60 points of a minute from 14:03
  '1h': pointsFrom(new Date(2026, 10, 24, 14, 3), 1, 60),
} as const;

describe('history chart time axes', () => {
  it.each([
    // 7 days: each day by its day and month, the year in the tooltip only
    [
      '7d',
      'en',
      ['Nov 23', 'Nov 24', 'Nov 25', 'Nov 26', 'Nov 27', 'Nov 28', 'Nov 29'],
      'Tue, Nov 24, 2026, 2:00 PM',
    ],
    [
      '7d',
      'es',
      ['23 nov', '24 nov', '25 nov', '26 nov', '27 nov', '28 nov', '29 nov'],
      'mar, 24 nov 2026, 14:00',
    ],
    [
      '7d',
      'fr',
      ['23 nov.', '24 nov.', '25 nov.', '26 nov.', '27 nov.', '28 nov.', '29 nov.'],
      'mar. 24 nov. 2026, 14:00',
    ],
    // 24 hours: every 3 h on the clock, the new day by its date
    [
      '24h',
      'en',
      ['6:00 PM', '9:00 PM', 'Nov 25', '3:00 AM', '6:00 AM', '9:00 AM', '12:00 PM'],
      'Tue, Nov 24, 4:15 PM',
    ],
    ['24h', 'es', ['18:00', '21:00', '25 nov', '03:00', '06:00', '09:00', '12:00'], 'mar, 24 nov, 16:15'],
    ['24h', 'fr', ['18:00', '21:00', '25 nov.', '03:00', '06:00', '09:00', '12:00'], 'mar. 24 nov., 16:15'],
    // an hour: every 10 min (English with its AM/PM: a cut "02:10" read as night)
    ['1h', 'en', ['2:10 PM', '2:20 PM', '2:30 PM', '2:40 PM', '2:50 PM', '3:00 PM'], '2:07 PM'],
    ['1h', 'fr', ['14:10', '14:20', '14:30', '14:40', '14:50', '15:00'], '14:07'],
  ] as const)(
    '%s, %s: ticks where a period of the clock starts, the whole time in the tooltip',
    async (range, locale, ticks, tooltip) => {
      const axes = await axesIn(locale, undefined, range);
      const points = RANGE_POINTS[range];
      expect(axes.ticks(points).map(axes.tick)).toEqual(ticks);
      expect(points.map((p) => axes.when(p.t))).toContain(tooltip);
    },
  );
});
