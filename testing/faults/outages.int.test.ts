import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueueRedis } from '../../backend/src/infra/redis';
import { createClient, type TestClient } from '../app';
import { testEnv } from '../env';
import { spawnApi, spawnWorker, startPrivatePostgres, startPrivateRedis, waitFor } from '../servers';

/**
 * QUALITY 29: Redis, then PostgreSQL, restarted under load. The process stays up, affected
 * requests answer 503 (not a hang, not a 500) while the server is gone, and service is back
 * within 10 s of the server's return. The test runs its own servers on spare ports. A worker
 * runs beside the API: it too stays up, and runs a job queued after each return within 10 s.
 */
let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
let postgres: Awaited<ReturnType<typeof startPrivatePostgres>>;
let api: Awaited<ReturnType<typeof spawnApi>>;
let worker: Awaited<ReturnType<typeof spawnWorker>>;
let client: TestClient;
let env: Record<string, string>;

beforeAll(async () => {
  redis = await startPrivateRedis();
  postgres = await startPrivatePostgres();
  env = testEnv('postgres', {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'faults:',
  });
  api = await spawnApi(env);
  worker = await spawnWorker(env);
  client = createClient(api.url);
  // A signed-in session (the bootstrap admin), so requests need both Redis and PostgreSQL.
  await waitFor(
    async () =>
      (await client.post('/api/login', { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })).status ===
      200,
    20_000,
    'login',
  );
}, 120_000);

afterAll(async () => {
  api?.proc.kill('SIGKILL');
  worker?.proc.kill('SIGKILL');
  await redis?.stop();
  await postgres?.destroy();
});

/** Fires requests continuously and keeps every status seen. */
function load(path: string) {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const res = await client.get(path).catch(() => ({ status: 0 }));
      statuses.push(res.status);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    statuses,
    async stop() {
      running = false;
      await loop;
    },
  };
}

let minute = 29_500_000;
/** Queues one metrics snapshot and waits (10 s at most) for the worker to complete it. */
async function workerRunsAJob() {
  const connection = createQueueRedis(env.REDIS_URL);
  const queue = new Queue('metrics', { connection, prefix: `${env.REDIS_PREFIX}bull` });
  try {
    const job = await queue.add('snapshot', { minute: minute++ });
    await waitFor(
      async () => (await queue.getJobState(job.id!)) === 'completed',
      10_000,
      'the worker to run a job',
    ).catch(async (error: Error) => {
      const seen = await queue.getJob(job.id!);
      throw new Error(`${error.message}: ${await seen?.getState()} ${seen?.failedReason ?? ''}`);
    });
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

describe('dependency outages under load', () => {
  it('Redis restart: 503 while it is down, back within 10 s of its return, API and worker alive', async () => {
    const traffic = load('/api/me');
    await waitFor(async () => traffic.statuses.includes(200), 10_000, 'traffic');
    await redis.stop();
    const down = await client.get('/api/me');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ error: 'unavailable' });
    await waitFor(async () => traffic.statuses.includes(503), 10_000, 'the load to meet the outage');
    await redis.start();
    // The session itself was lost with this Redis (it keeps nothing on disk): sign in again.
    await waitFor(
      async () => (await client.get('/api/health')).status === 200,
      10_000,
      'health after Redis returned',
    );
    await traffic.stop();
    expect(traffic.statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(traffic.statuses).toContain(503);
    expect(api.proc.exitCode).toBeNull();
    await workerRunsAJob();
    expect(worker.proc.exitCode).toBeNull();
  });

  it('PostgreSQL restart: 503 while it is down, back within 10 s of its return, API and worker alive', async () => {
    const env = testEnv('postgres');
    await waitFor(
      async () =>
        (await client.post('/api/login', { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })).status ===
        200,
      10_000,
      'login again',
    );
    // The signed-in user is cached per process and checked against Redis, so /api/me no longer
    // needs PostgreSQL: the load reads the health check, which asks PostgreSQL every time.
    const traffic = load('/api/health');
    await waitFor(async () => traffic.statuses.includes(200), 10_000, 'traffic');
    await postgres.stop();
    const down = await client.get('/api/health');
    expect(down.status).toBe(503);
    await waitFor(async () => traffic.statuses.includes(503), 10_000, 'the load to meet the outage');
    await postgres.start();
    await waitFor(
      async () => (await client.get('/api/me')).status === 200,
      10_000,
      '/api/me after PostgreSQL returned',
    );
    await traffic.stop();
    expect(traffic.statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(traffic.statuses).toContain(503);
    expect(api.proc.exitCode).toBeNull();
    await workerRunsAJob();
    expect(worker.proc.exitCode).toBeNull();
  });
});
