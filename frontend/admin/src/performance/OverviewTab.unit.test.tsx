import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { I18nContext } from 'react-admin';
import type { DashboardResponse } from '@portal/contracts/admin/schemas';
import { loadCatalog, type Locale } from '../i18n/i18nProvider';
import { LEVEL_COLOR } from '../lib/format';
import { Overview } from './OverviewTab';

/** The dashboard's answer in the first seconds after a fresh start: nothing counted yet. */
const NOTHING_COUNTED: DashboardResponse = {
  generatedAt: '2026-11-29T16:00:00.000Z',
  metrics: {
    responseTime: { average: 0, p95: 0, p99: 0 },
    databaseQueries: { total: 0, slow: 0, avgExecutionTime: 0 },
    activeUsers: { current: 0, peak24h: 0, totalSessions: 1 },
    errorRate: { percentage: 0, total: 0, last24h: 0 },
    requests24h: 0,
  },
  health: [],
  database: {
    totalQueries24h: 0,
    slowQueries24h: 0,
    avgExecutionTime: 0,
    pool: { used: 0, free: 2, pending: 0, max: 10, status: 'healthy' },
    topQueryTypes: [],
  },
  users: {
    currentlyOnline: 0,
    peakToday: 0,
    totalSessions: 1,
    avgSessionMinutes: null,
    totalUsers: 1,
    stepCompletion: [],
    growth: { newUsersToday: 0, completedTrainingToday: 0, newsletterSignupsToday: 0, adminActionsToday: 0 },
  },
};

/** The card's own markup (its text and the colour of its figure), from its test id to the next card. */
const card = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('MuiCard-root', start + 1));
};
const text = (markup: string) =>
  markup
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/\n+/g, '\n');

const render = async (locale: Locale, data: DashboardResponse) => {
  const messages = await loadCatalog(locale);
  const i18n = polyglotI18nProvider(() => messages, locale);
  return renderToStaticMarkup(
    <I18nContext.Provider value={i18n}>
      <Overview data={data} history={null} range="1h" />
    </I18nContext.Provider>,
  );
};

describe('the overview cards', () => {
  it.each([
    ['en', 'No requests in the last 24 h'],
    ['es', 'Ninguna solicitud en las últimas 24 h'],
    ['fr', 'Aucune requête dans les dernières 24 h'],
  ] as const)(
    '%s: before any request is counted, give no time or rate, and none in green',
    async (locale, none) => {
      const html = await render(locale, NOTHING_COUNTED);
      for (const id of ['card-response', 'card-errors']) {
        const markup = card(html, id);
        expect(text(markup)).toContain('\n—\n');
        expect(text(markup)).toContain(none);
        expect(text(markup)).not.toMatch(/\b0(\s| )?(ms|%)/);
        expect(markup).not.toContain(LEVEL_COLOR.healthy);
      }
    },
  );

  it('fr: once requests are counted, the figures and their level as before', async () => {
    const html = await render('fr', {
      ...NOTHING_COUNTED,
      metrics: {
        ...NOTHING_COUNTED.metrics,
        responseTime: { average: 12.5, p95: 40, p99: 90 },
        errorRate: { percentage: 0, total: 0, last24h: 0 },
        requests24h: 120,
      },
    });
    expect(text(card(html, 'card-response'))).toContain('12,5\u00a0ms');
    expect(card(html, 'card-response')).toContain(LEVEL_COLOR.healthy);
    expect(text(card(html, 'card-errors'))).toMatch(/0\s?%/);
    expect(text(card(html, 'card-errors'))).not.toContain('Aucune requête');
  });
});
