import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { I18nContext } from 'react-admin';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import type { SystemMetrics } from '@portal/contracts/admin/schemas';
import { loadCatalog, type Locale } from '../i18n/i18nProvider';
import { SystemFigures } from './SystemMetrics';

const queue = (name: string) => ({ name, waiting: 0, active: 0, delayed: 0, failed: 0, completed: 4 });
const projection = (name: string) => ({
  name,
  position: '12',
  behind: false,
  lagSeconds: 0,
  deadLetters: 0,
  updatedAt: '2026-11-29T16:00:00.000Z',
});

/** One answer of `/system-metrics`, with a queue and a read model the console has no name for. */
const METRICS: SystemMetrics = {
  generatedAt: '2026-11-29T16:00:00.000Z',
  process: {
    pid: 42,
    node: 'v22.0.0',
    uptimeSeconds: 3600,
    rssBytes: 100_000_000,
    heapUsedBytes: 50_000_000,
    heapTotalBytes: 80_000_000,
    externalBytes: 1_000_000,
    cpuPercent: 3,
    eventLoopLagMs: { mean: 10, p99: 20, max: 30 },
  },
  database: {
    pool: { used: 3, free: 2, pending: 1, max: 10 },
    sizeBytes: 10_000_000,
    connections: 7,
    latencyMs: 1,
  },
  redis: { ok: true, latencyMs: 1, usedMemoryBytes: 1_000_000, connectedClients: 4, version: '7.2.0' },
  queues: [queue('mailchimp'), queue('brand_new_queue')],
  projections: [projection('onboarding_progress'), projection('brand_new_model')],
  eventStore: { kind: 'postgres', head: '12', events: 12 },
  sessions: 2,
};

const text = (markup: string) =>
  markup
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The page's markup in `locale`, on a phone-sized screen (every media query matching) or not. */
const markup = async (locale: Locale, phone = false) => {
  const messages = await loadCatalog(locale);
  const i18n = polyglotI18nProvider(() => messages, locale);
  const theme = createTheme({
    components: { MuiUseMediaQuery: { defaultProps: { defaultMatches: phone } } },
  });
  return renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <I18nContext.Provider value={i18n}>
        <SystemFigures data={METRICS} />
      </I18nContext.Provider>
    </ThemeProvider>,
  );
};

const render = async (locale: Locale) => {
  const messages = await loadCatalog(locale);
  const i18n = polyglotI18nProvider(() => messages, locale);
  return text(
    renderToStaticMarkup(
      <ThemeProvider theme={createTheme()}>
        <I18nContext.Provider value={i18n}>
          <SystemFigures data={METRICS} />
        </I18nContext.Provider>
      </ThemeProvider>,
    ),
  );
};

describe('system metrics page', () => {
  const expected = {
    en: {
      queue: 'Mailchimp sync',
      model: 'Foundation progress',
      poolLabel: 'Connections of this API process',
      pool: '3 of 10 in use, 1 waiting',
    },
    es: {
      queue: 'Sincronización con Mailchimp',
      model: 'Progreso de los fundamentos',
      poolLabel: 'Conexiones de este proceso de la API',
      pool: '3 de 10 en uso, 1 en espera',
    },
    fr: {
      queue: 'Synchronisation Mailchimp',
      model: 'Progression des fondamentaux',
      poolLabel: 'Connexions de ce processus de l’API',
      pool: '3 sur 10 en service, 1 en attente',
    },
  } as const;
  for (const [locale, words] of Object.entries(expected))
    it(`names queues, read models and the connection pool for an admin, in ${locale}`, async () => {
      const lines = await render(locale as Locale);
      // the admin's name, with the internal name under it for an operator
      expect(lines).toContain(words.queue);
      expect(lines[lines.indexOf(words.queue) + 1]).toBe('mailchimp');
      expect(lines).toContain(words.model);
      expect(lines[lines.indexOf(words.model) + 1]).toBe('onboarding_progress');
      // a name the console does not know yet shows as it is, once
      expect(lines.filter((l) => l === 'brand_new_queue')).toHaveLength(1);
      expect(lines.filter((l) => l === 'brand_new_model')).toHaveLength(1);
      // "Pool 3 / 10 (1)" said which figure was which to no one
      expect(lines[lines.indexOf(words.poolLabel) + 1]).toBe(words.pool);
      expect(lines.join(' ')).not.toContain('3 / 10 (1)');
    });
  it('on a phone, lists queues and read models without a table: each name whole, its figures named under it', async () => {
    const html = await markup('fr', true);
    // a table's name column, squeezed beside the figures, took four lines for a read model's name
    expect(html).not.toContain('<table');
    const lines = text(html);
    const model = lines.indexOf('Progression des fondamentaux');
    expect(lines.slice(model, model + 6)).toEqual([
      'Progression des fondamentaux',
      'onboarding_progress',
      'Retard',
      'à jour',
      'Événements rejetés',
      '0',
    ]);
    const queue = lines.indexOf('Synchronisation Mailchimp');
    expect(lines.slice(queue + 1, queue + 4)).toEqual(['mailchimp', 'En attente', '0']);
  });
  it('from a tablet up, both lists are tables with a header row', async () => {
    const html = await markup('en');
    expect(html.match(/<table/g)).toHaveLength(2);
    const lines = text(html);
    expect(lines).toEqual(expect.arrayContaining(['Queue', 'Waiting', 'Failed', 'Read model', 'Lag']));
  });
});
