import { describe, expect, it } from 'vitest';
import type { TranslateFunction } from 'react-admin';
import { seriesSummary } from './chartText';

const t = ((key: string, options: Record<string, unknown> = {}) =>
  `${key}(${Object.entries(options)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',')})`) as TranslateFunction;

describe('seriesSummary', () => {
  it("names the span and each series' latest and highest value, as the axes write them", () => {
    const points = [
      { t: '10:00', avgMs: 12, p95Ms: 40 },
      { t: '10:01', avgMs: 30, p95Ms: null },
      { t: '10:02', avgMs: 20, p95Ms: 35 },
    ];
    const text = seriesSummary(
      t,
      points,
      [
        { name: 'Average', key: 'avgMs' },
        { name: 'P95', key: 'p95Ms' },
      ],
      (time) => `[${time}]`,
      (n) => `${n} ms`,
    );
    expect(text).toBe(
      'app.chart.summary(from=[10:00],to=[10:02],series=' +
        'app.chart.series(name=Average,latest=20 ms,highest=30 ms) ' +
        'app.chart.series(name=P95,latest=35 ms,highest=40 ms))',
    );
  });
  it('says there is nothing yet without points, and leaves out a series without values', () => {
    expect(seriesSummary(t, [], [{ name: 'A', key: 'a' }], String, String)).toBe('app.chart.empty()');
    expect(seriesSummary(t, [{ t: 'x', a: null }], [{ name: 'A', key: 'a' }], String, String)).toBe(
      'app.chart.summary(from=x,to=x,series=)',
    );
  });
});
