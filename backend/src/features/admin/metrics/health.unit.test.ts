import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS_MS } from '../../../infra/requestStats';
import type { MinuteStats } from '../../../infra/minuteStats';
import { apiHealth } from './health';

/** One minute of requests: [latency ms, count, password route?, server error?]. */
function minute(requests: [number, number, boolean?, boolean?][]): MinuteStats {
  const buckets = new Map(LATENCY_BUCKETS_MS.map((b) => [b, 0]));
  const pwBuckets = new Map(LATENCY_BUCKETS_MS.map((b) => [b, 0]));
  let total = 0;
  let errors = 0;
  let pw = 0;
  let pwErrors = 0;
  for (const [ms, count, password, error] of requests) {
    const b = LATENCY_BUCKETS_MS.find((x) => ms <= x)!;
    buckets.set(b, buckets.get(b)! + count);
    total += count;
    if (error) errors += count;
    if (password) {
      pwBuckets.set(b, pwBuckets.get(b)! + count);
      pw += count;
      if (error) pwErrors += count;
    }
  }
  return {
    minute: 0,
    requests: total,
    durationMs: 0,
    errors,
    buckets,
    password: { requests: pw, errors: pwErrors, buckets: pwBuckets },
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
        [750, 11, true],
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
          [20, 2, false, true],
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
          [20, 10, true, true],
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
          [3000, 10, true],
        ]),
      ]),
    ).toMatchObject({
      status: 'warning',
      facts: { reason: 'slowPasswords', passwordP95: 5000 },
    });
  });
});
