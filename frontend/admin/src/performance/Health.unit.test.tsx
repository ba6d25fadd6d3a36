import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { I18nContext } from 'react-admin';
import type { DashboardResponse } from '@portal/contracts/admin/schemas';
import { loadCatalog, type Locale } from '../i18n/i18nProvider';
import { Health } from './Health';

/** One of each counted thing: a lone worker is the usual set-up, not a corner case. */
const CHECKS: DashboardResponse['health'] = [
  {
    key: 'api',
    status: 'healthy',
    detail: '',
    latencyMs: 1,
    facts: {
      requests: 1,
      p95: 20,
      errorRate: 0,
      passwordRequests: 1,
      passwordP95: 90,
      servicesRequests: 1,
      servicesP95: 300,
      reason: 'fewRequests',
    },
  },
  {
    key: 'eventStore',
    status: 'healthy',
    detail: '',
    latencyMs: 1,
    facts: { kind: 'postgres', deadLetters: 1 },
  },
  {
    key: 'queues',
    status: 'healthy',
    detail: '',
    latencyMs: 1,
    facts: { workers: 1, waiting: 0, failed: 0 },
  },
];

const text = async (locale: Locale) => {
  const messages = await loadCatalog(locale);
  const i18n = polyglotI18nProvider(() => messages, locale);
  return renderToStaticMarkup(
    <I18nContext.Provider value={i18n}>
      <Health checks={CHECKS} />
    </I18nContext.Provider>,
  )
    .replace(/<style[^>]*>.*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '\n');
};

describe('the health panel', () => {
  it.each([
    [
      'en',
      [
        '1 request in 5 min',
        'judged apart: 1 request ·',
        'not judged on speed: 1 request · p95 300 ms',
        '1 event not applied',
        '1 worker connected',
      ],
    ],
    [
      'es',
      [
        '1 solicitud en 5 min',
        'evaluadas aparte: 1 solicitud ·',
        'sin evaluar la velocidad: 1 solicitud · p95 300 ms',
        '1 evento sin aplicar',
        '1 proceso de trabajo conectado',
      ],
    ],
    [
      'fr',
      [
        '1 requête en 5 min',
        'à part\u00a0: 1 requête ·',
        'vitesse non évaluée\u00a0: 1 requête · p95 300 ms',
        '1 événement non appliqué',
        '1 processus de travail connecté',
      ],
    ],
  ] as const)('%s: counts one of a thing in the singular', async (locale, expected) => {
    const html = await text(locale);
    for (const phrase of expected) expect(html).toContain(phrase);
  });
});
