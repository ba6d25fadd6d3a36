import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { I18nContext } from 'react-admin';
import type { SyncRun } from '@portal/contracts/admin/schemas';
import { loadCatalog, type Locale } from '../i18n/i18nProvider';
import { RunResults } from './SyncRuns';

const FINISHED: SyncRun = {
  id: 'c6630494-6b98-4736-b2d5-7d9a0674511a',
  status: 'completed',
  trigger: 'manual',
  requestedBy: null,
  requestedByName: 'Ada Admin',
  adapter: 'demo',
  createdAt: '2026-11-29T16:44:00.000Z',
  startedAt: '2026-11-29T16:44:01.000Z',
  finishedAt: '2026-11-29T16:44:09.000Z',
  audienceSize: 2500,
  pagesDone: 3,
  pagesTotal: 3,
  processed: 2500,
  total: 2500,
  updated: 1234,
  errors: 0,
  percent: 100,
  lastError: null,
};

const text = async (locale: Locale, run: SyncRun) => {
  const messages = await loadCatalog(locale);
  const i18n = polyglotI18nProvider(() => messages, locale);
  return renderToStaticMarkup(
    <I18nContext.Provider value={i18n}>
      <RunResults run={run} />
    </I18nContext.Provider>,
  )
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/\n+/g, '\n');
};

describe("a sync run's progress and figures", () => {
  it.each([
    ['en', 'Page 3 of 3 · 100%', ['2,500', '1,234']],
    ['es', 'Página 3 de 3 · 100\u00a0%', ['2500', '1234']],
    ['fr', 'Page 3 sur 3 · 100\u00a0%', ['2\u202f500', '1\u202f234']],
  ] as const)('%s: in the console’s language, whatever the browser’s', async (locale, progress, figures) => {
    const html = await text(locale, FINISHED);
    expect(html).toContain(`\n${progress}\n`);
    for (const figure of figures) expect(html).toContain(`\n${figure}\n`);
  });

  it('fr: a queued run says it waits, with no percent beside its moving bar', async () => {
    const html = await text('fr', {
      ...FINISHED,
      status: 'queued',
      startedAt: null,
      finishedAt: null,
      pagesDone: 0,
      pagesTotal: null,
      percent: 0,
    });
    expect(html).toContain('\nEn attente d’un processus de travail…\n');
    expect(html).not.toMatch(/0\s?%/);
  });
});
