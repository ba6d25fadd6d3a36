import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { I18nContext } from 'react-admin';
import type { SortingState } from '@tanstack/react-table';
import { en } from '../i18n/en';
import { DataTable, dataColumns, type DataColumn } from './DataTable';

interface Cohort {
  week: string;
  registered: number;
  median?: number;
}
const DATA: Cohort[] = [
  { week: '2026-W40', registered: 3, median: 2 },
  { week: '2026-W42', registered: 10 },
  { week: '2026-W41', registered: 7, median: 1 },
];
const column = dataColumns<Cohort>();
const COLUMNS: DataColumn<Cohort>[] = [
  column.accessor('week', { header: 'Week' }),
  column.accessor('registered', { header: 'Registered', meta: { align: 'right' } }),
  column.accessor('median', {
    header: 'Median days',
    sortUndefined: 'last',
    cell: ({ getValue }) => getValue() ?? '—',
  }),
];
const i18n = polyglotI18nProvider(() => ({ ...englishMessages, ...en }), 'en');

/** The table's markup without emotion's style tags. */
const render = (initialSorting?: SortingState) =>
  renderToStaticMarkup(
    <I18nContext.Provider value={i18n}>
      <DataTable columns={COLUMNS} data={DATA} rowId={(c) => c.week} initialSorting={initialSorting} />
    </I18nContext.Provider>,
  ).replace(/<style[^>]*>.*?<\/style>/g, '');
/** The first cell of each body row, in the order shown. */
const weeks = (html: string) =>
  [...html.split('<tbody')[1].matchAll(/<tr[^>]*><td[^>]*>([^<]*)</g)].map((m) => m[1]);
/** The header cells that carry aria-sort, with its value. */
const sortedHeaders = (html: string) =>
  [...html.matchAll(/<th[^>]*aria-sort="(\w+)"[^>]*>.*?<\/th>/g)].map((m) => [
    m[0].match(/aria-label="([^"]*)"/)?.[1],
    m[1],
  ]);

describe('DataTable', () => {
  it('shows the rows in the given order, each header with a labelled sort button, none sorted', () => {
    const html = render();
    expect(weeks(html)).toEqual(['2026-W40', '2026-W42', '2026-W41']);
    expect(sortedHeaders(html)).toEqual([]);
    const buttons = [
      ...html.matchAll(/role="button"[^>]*aria-label="([^"]*)"|aria-label="([^"]*)"[^>]*role="button"/g),
    ];
    expect(buttons.map((m) => m[1] ?? m[2])).toEqual([
      'Sort by Week',
      'Sort by Registered',
      'Sort by Median days',
    ]);
    expect(html).toContain('—');
  });

  it('sorts by a column ascending or descending and marks that header with aria-sort', () => {
    const up = render([{ id: 'registered', desc: false }]);
    expect(weeks(up)).toEqual(['2026-W40', '2026-W41', '2026-W42']);
    expect(sortedHeaders(up)).toEqual([['Sort by Registered', 'ascending']]);

    const down = render([{ id: 'registered', desc: true }]);
    expect(weeks(down)).toEqual(['2026-W42', '2026-W41', '2026-W40']);
    expect(sortedHeaders(down)).toEqual([['Sort by Registered', 'descending']]);

    expect(weeks(render([{ id: 'week', desc: true }]))).toEqual(['2026-W42', '2026-W41', '2026-W40']);
  });

  it('puts rows without a value last whichever the direction', () => {
    expect(weeks(render([{ id: 'median', desc: false }]))).toEqual(['2026-W41', '2026-W40', '2026-W42']);
    expect(weeks(render([{ id: 'median', desc: true }]))).toEqual(['2026-W40', '2026-W41', '2026-W42']);
  });
});
