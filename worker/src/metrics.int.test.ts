import { spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/db';
import { testEnv } from '../../testing/env';
import { familyNames, sampleValue } from '../../testing/prometheusText';
import { spawnWorker, workerMetrics } from '../../testing/servers';

/**
 * The worker's /metrics: its own families only, only with the bearer token (QUALITY 21), and a
 * taken port stops it (issue 14, point 2).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('worker metrics', () => {
  it('exports queue depths, appends and projections, but no HTTP or session families', async () => {
    const env = testEnv(database.name);
    const worker = await spawnWorker(env);
    try {
      const text = await (await workerMetrics(worker.metricsPort, env.METRICS_TOKEN)).text();
      const families = familyNames(text);
      expect(families).toEqual(
        expect.arrayContaining(['bullmq_queue_jobs', 'events_appended_total', 'projection_lag_seconds']),
      );
      for (const apiOnly of [
        'http_request_duration_seconds',
        'http_requests_total',
        'sessions_active',
        'read_your_writes_timeouts_total',
      ])
        expect(families).not.toContain(apiOnly);
      expect(
        sampleValue(text, 'bullmq_queue_jobs', { state: 'waiting', service: 'worker' }),
      ).toBeGreaterThanOrEqual(0);
    } finally {
      worker.proc.kill('SIGTERM');
      await worker.exited;
    }
  });

  it('keeps /metrics private: 401 without the token or with a wrong one, 200 with it (QUALITY 21)', async () => {
    const env = testEnv(database.name);
    const worker = await spawnWorker(env);
    const url = `http://127.0.0.1:${worker.metricsPort}/metrics`;
    try {
      const token = env.METRICS_TOKEN;
      // none, another word, one character off, one short
      const wrong = [null, 'nope', `${token.slice(0, -1)}x`, token.slice(0, -1)];
      for (const given of wrong) {
        const refused = await fetch(url, given ? { headers: { authorization: `Bearer ${given}` } } : {});
        expect(refused.status, String(given)).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe('Bearer');
        const body = await refused.text();
        expect(JSON.parse(body)).toEqual({
          error: 'unauthenticated',
          message: 'Metrics need a bearer token',
        });
        // nothing of the token, nor of what was sent
        expect(body).not.toContain(token.slice(0, 6));
        if (given) expect(body).not.toContain(given);
      }
      const ok = await workerMetrics(worker.metricsPort, env.METRICS_TOKEN);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(familyNames(await ok.text())).toContain('bullmq_queue_jobs');
      // the listener serves /metrics only
      const other = await fetch(`http://127.0.0.1:${worker.metricsPort}/`, {
        headers: { authorization: `Bearer ${env.METRICS_TOKEN}` },
      });
      expect(other.status).toBe(404);
    } finally {
      worker.proc.kill('SIGTERM');
      await worker.exited;
    }
  });

  it('stops with exit code 1 and one line naming WORKER_METRICS_PORT when its port is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const proc = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), 'worker/src/main.ts'], {
        env: {
          PATH: process.env.PATH,
          ...testEnv(database.name, { LOG_LEVEL: 'info' }),
          WORKER_METRICS_PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((resolve) => proc.once('exit', (c) => resolve(c)));
      expect(code).toBe(1);
      expect(stderr).toBe('');
      const lines = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { level: number; msg: string });
      const fatal = lines.find((l) => l.level === 60);
      expect(fatal?.msg).toBe(
        `cannot listen on 127.0.0.1:${port} (EADDRINUSE); set WORKER_METRICS_PORT to a free port`,
      );
      expect(lines.map((l) => l.msg)).not.toContain('worker started');
    } finally {
      taken.close();
    }
  });
});
