import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * promtool (Debian's `prometheus` package) on the shipped Prometheus files: the alert rules,
 * the compose configuration (its token file exists only in the container, so its syntax) and the
 * configuration ops/prometheus-local.sh writes around the same rules (fully, files included).
 */
const installed = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v promtool'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const title = installed
  ? 'promtool on the shipped Prometheus files'
  : 'promtool on the shipped Prometheus files (SKIPPED: promtool is missing; run ops/ensure-prometheus.sh or apt-get install prometheus)';

const promtool = (...args: string[]) => spawnSync('promtool', args, { encoding: 'utf8' });

describe.skipIf(!installed)(title, () => {
  it('check rules passes on ops/prometheus/alerts.yml', () => {
    const result = promtool('check', 'rules', 'ops/prometheus/alerts.yml');
    expect(result.stdout + result.stderr).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });

  it('check config --syntax-only passes on ops/prometheus/prometheus.yml', () => {
    const result = promtool('check', 'config', '--syntax-only', 'ops/prometheus/prometheus.yml');
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('check config passes on the configuration ops/prometheus-local.sh writes, rules included', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-promtool-'));
    try {
      // The script checks its configuration with promtool before it starts Prometheus;
      // PROMETHEUS_BIN=true ends it right after that check.
      const result = spawnSync('bash', ['ops/prometheus-local.sh'], {
        env: {
          PATH: process.env.PATH,
          METRICS_TOKEN: 'promtool-check-token-0123456789',
          PROMETHEUS_DIR: dir,
          PROMETHEUS_BIN: 'true',
        },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toContain('SUCCESS');
      expect(readFileSync(path.join(dir, 'prometheus.yml'), 'utf8')).toContain(
        path.resolve('ops/prometheus/alerts.yml'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
