import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The short smoke mode of `make bench`: small data, one-second loads. It proves the benchmark
 * runs end to end and prints every figure; the figures themselves are only judged by a full
 * `make bench` (speed is never asserted in tests).
 */
describe('bench smoke run', () => {
  it('prints the results table with every figure of QUALITY.md Performance', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), 'bench/run.ts', '--smoke'],
      {
        encoding: 'utf8',
        timeout: 600_000,
        // databases of its own: a `make bench` or a quick bench run at the same time (same server)
        // rebuilds and signs in to `portal_bench_*`, which made this run's admin sign-in fail
        env: { ...process.env, BENCH_DB_PREFIX: process.env.BENCH_DB_PREFIX ?? 'portal_bench_smoke' },
      },
    );
    expect(result.status, result.stderr.slice(-2000)).toBe(0);
    const table = result.stdout;
    expect(table).toContain('| Figure | Measured | Baseline (same run) | Ratio | Goal | Met |');
    for (const figure of [
      'Authenticated read',
      'Command POST /api/complete-step',
      'through two API processes vs one',
      'GET /api/me p99 during 20 concurrent logins',
      'Event store append',
      'vs emmett-postgresql',
      'Projection rebuild',
      'Admin user list',
      'Partner list for a sponsor',
      'Partner app first load',
    ]) {
      expect(table).toContain(figure);
    }
    expect(table).not.toContain('not measured');
    // Lighthouse (issue 14): its own table; the smoke run measures `/` only
    expect(table).toContain('| Page | Performance | Accessibility | Best practices | SEO |');
    expect(table).toMatch(/^\| \/ \| \d+.*\| \d+.*\| \d+.*\| \d+.*\|$/m);
  }, 600_000);
});
