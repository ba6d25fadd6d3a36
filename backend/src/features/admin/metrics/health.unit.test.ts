import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS_MS } from '../../../infra/requestStats';
import type { SlowByDesign } from '@portal/contracts/core/http';
import type { MinuteStats } from '../../../infra/minuteStats';
import { apiHealth } from './health';

/** One minute of requests: [latency ms, count, why the route is slow by design, server error?]. */
function minute(requests: [number, number, SlowByDesign?, boolean?][]): MinuteStats {
  const counts = () => ({ requests: 0, errors: 0, buckets: new Map(LATENCY_BUCKETS_MS.map((b) => [b, 0])) });
  const all = counts();
  const apart = { password: counts(), services: counts() };
  for (const [ms, count, slowByDesign, error] of requests) {
    const b = LATENCY_BUCKETS_MS.find((x) => ms <= x)!;
    for (const c of slowByDesign ? [all, apart[slowByDesign]] : [all]) {
      c.buckets.set(b, c.buckets.get(b)! + count);
      c.requests += count;
      if (error) c.errors += count;
    }
  }
  return {
    minute: 0,
    ...all,
    durationMs: 0,
    apart,
    dbQueries: 0,
    dbMs: 0,
    dbSlow: 0,
    activeUsers: 0,
  };
}

describe('API health (issue 19: health that tells the truth)', () => {
  it('an idle instance with a few sign-ins is healthy: sign-ins are judged apart', () => {
    // the case: 41 requests in 5 minutes, the sign-ins at 750 ms, everything else fast
    const h = apiHealth([
      minute([
        [20, 30],
        [750, 11, 'password'],
      ]),
    ]);
    expect(h.status).toBe('healthy');
    expect(h.facts).toMatchObject({
      requests: 41,
      p95: 25,
      passwordRequests: 11,
      passwordP95: 750,
      reason: 'ok',
    });
  });

  it('slow routes other than sign-in make it warning (p95 > 200 ms) then critical (> 500 ms)', () => {
    expect(apiHealth([minute([[300, 40]])])).toMatchObject({ status: 'warning', facts: { reason: 'slow' } });
    expect(apiHealth([minute([[750, 40]])])).toMatchObject({ status: 'critical', facts: { reason: 'slow' } });
  });

  it('a handful of requests is never critical, and says why', () => {
    expect(apiHealth([minute([[750, 5]])])).toMatchObject({ status: 'warning', facts: { reason: 'slow' } });
    expect(apiHealth([minute([[20, 3]])])).toMatchObject({
      status: 'healthy',
      facts: { reason: 'fewRequests' },
    });
    expect(apiHealth([])).toMatchObject({ status: 'healthy', facts: { requests: 0, reason: 'fewRequests' } });
  });

  it('server errors count over every answer: over 1% warning, over 5% critical', () => {
    expect(
      apiHealth([
        minute([
          [20, 98],
          [20, 2, undefined, true],
        ]),
      ]),
    ).toMatchObject({
      status: 'warning',
      facts: { reason: 'errors', errorRate: 2 },
    });
    expect(
      apiHealth([
        minute([
          [20, 90],
          [20, 10, 'password', true],
        ]),
      ]),
    ).toMatchObject({
      status: 'critical',
      facts: { reason: 'errors' },
    });
  });

  it('sign-in and password routes have their own expected time (p95 over 2 s: warning)', () => {
    expect(
      apiHealth([
        minute([
          [20, 40],
          [3000, 10, 'password'],
        ]),
      ]),
    ).toMatchObject({
      status: 'warning',
      facts: { reason: 'slowPasswords', passwordP95: 5000 },
    });
  });

  it('routes waiting on other services (the console’s health checks) are not judged on speed', () => {
    // a quiet console: its own dashboard refreshes, each waiting on the services it checks
    const quiet = [
      minute([
        [20, 10],
        [750, 30, 'services'],
      ]),
    ];
    expect(apiHealth(quiet)).toMatchObject({
      status: 'healthy',
      facts: { requests: 40, p95: 25, servicesRequests: 30, servicesP95: 750, reason: 'ok' },
    });
    // their errors still count
    expect(
      apiHealth([
        minute([
          [20, 30],
          [750, 10, 'services', true],
        ]),
      ]),
    ).toMatchObject({
      status: 'critical',
      facts: { reason: 'errors' },
    });
  });
});
