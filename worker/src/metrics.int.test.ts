import { spawn } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/db';
import { testEnv } from '../../testing/env';
import { familyNames, sampleValue } from '../../testing/prometheusText';
import { spawnWorker } from '../../testing/servers';

/** The worker's /metrics: its own families only, and a taken port stops it (issue 14, point 2). */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('worker metrics', () => {
  it('exports queue depths, appends and projections, but no HTTP or session families', async () => {
    const worker = await spawnWorker(testEnv(database.name));
    try {
      const text = await (await fetch(`http://127.0.0.1:${worker.metricsPort}/metrics`)).text();
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
