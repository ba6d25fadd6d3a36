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

const text = async (locale: Locale, checks: DashboardResponse['health'] = CHECKS) => {
  const messages = await loadCatalog(locale);
  const i18n = polyglotI18nProvider(() => messages, locale);
  return renderToStaticMarkup(
    <I18nContext.Provider value={i18n}>
      <Health checks={checks} />
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
  it.each([
    [
      'en',
      'No requests in the last 5 min',
      'judged apart: none in the last 5 min',
      'not judged on speed: none in the last 5 min',
    ],
    [
      'es',
      'Ninguna solicitud en los últimos 5 min',
      'evaluadas aparte: ninguna en los últimos 5 min',
      'sin evaluar la velocidad: ninguna en los últimos 5 min',
    ],
    [
      'fr',
      'Aucune requête dans les 5 dernières min',
      'à part\u00a0: aucune dans les 5 dernières min',
      'vitesse non évaluée\u00a0: aucune dans les 5 dernières min',
    ],
  ] as const)('%s: with no request in the window, says so instead of zeros', async (locale, ...expected) => {
    // the API's first minutes: its counts reach Redis a few seconds after the requests
    const none: DashboardResponse['health'] = [
      {
        ...CHECKS[0]!,
        facts: {
          requests: 0,
          p95: 0,
          errorRate: 0,
          passwordRequests: 0,
          passwordP95: 0,
          servicesRequests: 0,
          servicesP95: 0,
          reason: 'fewRequests',
        },
      },
    ];
    const html = await text(locale, none);
    for (const phrase of expected) expect(html).toContain(phrase);
    expect(html).not.toMatch(/p95 0 ms|\b0 (requests?|solicitud(es)?|requêtes?)\b/);
  });
  it.each([
    [
      'en',
      'Redis cannot be reached',
      'Sign-ins, sessions and background jobs (emails, syncs) stop until it is back.',
    ],
    [
      'es',
      'No se puede conectar con Redis',
      'Los inicios de sesión, las sesiones y las tareas en segundo plano (correos, sincronizaciones) se detienen hasta que vuelva.',
    ],
    [
      'fr',
      'Impossible de joindre Redis',
      'Connexions, sessions et tâches de fond (e-mails, synchronisations) sont à l’arrêt jusqu’à son retour.',
    ],
  ] as const)(
    "%s: a failed check names what failed and what it means, the server's error under it",
    async (locale, lead, means) => {
      const detail = 'connect ECONNREFUSED 127.0.0.1:6379';
      const failed: DashboardResponse['health'] = [
        {
          key: 'queues',
          status: 'critical',
          detail,
          latencyMs: null,
          failure: { service: 'redis', kind: 'unreachable' },
        },
      ];
      const lines = (await text(locale, failed))
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      // the check's name, the lead, what it means, then the raw detail alone (no English lead-in)
      expect(lines.slice(1, 4)).toEqual([lead, means, detail]);
    },
  );
  it('words each service and kind of failure (the event store timing out, Mailchimp refusing its key)', async () => {
    const failed = (
      service: 'eventStore' | 'mailchimp' | 'database',
      kind: 'timeout' | 'rejected' | 'error',
    ) =>
      ({
        key: 'eventStore',
        status: 'critical',
        detail: 'x',
        latencyMs: null,
        failure: { service, kind },
      }) as const;
    const html = await text('en', [
      failed('eventStore', 'timeout'),
      failed('mailchimp', 'rejected'),
      failed('database', 'error'),
    ]);
    expect(html).toContain('The event store did not answer within 3 s');
    expect(html).toContain('Mailchimp refused the portal’s API key');
    expect(html).toContain('The database answered with an error');
  });
});
