import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { I18nContext } from 'react-admin';
import { loadCatalog, type Locale } from '../i18n/i18nProvider';
import { timeAxes, useAxes, type Axes } from './parts';

/** The axes a chart gets in `locale`, with or without a unit. */
const axesIn = async (locale: Locale, unit?: 'ms') => {
  const messages = await loadCatalog(locale);
  const i18n = polyglotI18nProvider(() => messages, locale);
  let axes: Axes | undefined;
  function Probe() {
    axes = useAxes('1h', unit);
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
  const tooltip = timeAxes(axes).find((e) => e.key === 'tooltip')!;
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
