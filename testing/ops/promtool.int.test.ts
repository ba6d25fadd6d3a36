import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * promtool (Debian's `prometheus` package) on the shipped Prometheus files: the alert rules,
 * the compose configuration (fully, as ops/README.md says to run it) and the
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

  it('check config passes on ops/prometheus/prometheus.yml as ops/README.md says to run it, rules and token file included', () => {
    const readme = readFileSync('ops/README.md', 'utf8');
    const documented = /`(promtool check config [^`]+)`/.exec(readme)?.[1];
    expect(documented).toBe('promtool check config ops/prometheus/prometheus.yml');
    const result = spawnSync('sh', ['-c', documented!], { encoding: 'utf8' });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('SUCCESS: 1 rule files found');
    // the token file is found (an empty placeholder in the repository; a tmpfs in compose)
    const broken = mkdtempSync(path.join(tmpdir(), 'portal-promtool-'));
    try {
      for (const f of ['prometheus.yml', 'alerts.yml'])
        writeFileSync(path.join(broken, f), readFileSync(path.join('ops/prometheus', f)));
      const missing = promtool('check', 'config', path.join(broken, 'prometheus.yml'));
      expect(missing.status).not.toBe(0);
      expect(missing.stdout + missing.stderr).toContain('token/metrics_token');
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
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
