import { spawn } from 'node:child_process';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueueRedis } from '../../backend/src/infra/redis';
import { createTestDatabase } from '../db';
import { testEnv } from '../env';
import { freePort, waitFor, workerMetrics } from '../servers';

/** QUALITY 28 for the worker: SIGTERM lets active jobs finish, loses none, exits 0. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('worker shutdown', () => {
  it('drains on SIGTERM: jobs taken are finished, the rest stay queued, exit code 0', async () => {
    const env = testEnv(database.name);
    const metricsPort = await freePort();
    const proc = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), 'worker/src/main.ts'], {
      env: { PATH: process.env.PATH, ...env, WORKER_METRICS_PORT: String(metricsPort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    await waitFor(async () => (await workerMetrics(metricsPort, env.METRICS_TOKEN)).ok, 60_000, 'worker');

    const connection = createQueueRedis(env.REDIS_URL);
    const queue = new Queue('metrics', { connection, prefix: `${env.REDIS_PREFIX}bull` });
    const jobs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => queue.add('snapshot', { minute: 29_000_000 + i })),
    );
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    const states = await Promise.all(jobs.map((j) => queue.getJobState(j.id!)));
    // Nothing is lost or failed: each job either ran to the end or waits for the next worker.
    expect(states.filter((s) => s !== 'completed' && s !== 'waiting' && s !== 'prioritized')).toEqual([]);
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  });
});
