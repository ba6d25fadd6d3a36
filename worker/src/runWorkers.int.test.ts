import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '@portal/backend/app/deps';
import { createLogger } from '@portal/backend/infra/logger';
import { createQueueRedis, createRedis, redisReady } from '@portal/backend/infra/redis';
import { startPrivateRedis, waitFor } from '../../testing/servers';
import { startWorkers } from './runWorkers';

let queueRedis: Awaited<ReturnType<typeof startPrivateRedis>>;
let jobsRedis: Awaited<ReturnType<typeof startPrivateRedis>>;
beforeAll(async () => {
  queueRedis = await startPrivateRedis();
  jobsRedis = await startPrivateRedis();
});
afterAll(async () => {
  await queueRedis?.stop();
  await jobsRedis?.stop();
});

describe('workers after a Redis restart', () => {
  it('a job taken while the connection the jobs use is still reconnecting waits for it instead of failing', async () => {
    // The queue's connection is up; the one the job uses is down and comes back a second later,
    // as after a restart when the two connections' retries fall at different moments.
    await jobsRedis.stop();
    const redis = createRedis(jobsRedis.url, { retryStrategy: () => 100 });
    redis.on('error', () => undefined);
    const deps = {
      config: { REDIS_URL: queueRedis.url, REDIS_PREFIX: 'rw:' },
      logger: createLogger({ level: 'silent' }),
      redis,
    } as unknown as AppDeps;
    const [worker] = startWorkers(deps, [
      {
        queue: 'metrics',
        name: 'mark',
        process: async (_job, d) => void (await d.redis.set('rw:mark', 'done')),
      },
    ]);
    const connection = createQueueRedis(queueRedis.url);
    const queue = new Queue('metrics', { connection, prefix: 'rw:bull' });
    try {
      await worker!.waitUntilReady();
      const job = await queue.add('mark', {});
      await waitFor(async () => (await queue.getJobState(job.id!)) === 'active', 10_000, 'the job to start');
      // however many wait for the connection, it holds one listener for them
      const listeners = redis.listenerCount('ready');
      void redisReady(redis, 10_000);
      void redisReady(redis, 10_000);
      expect(redis.listenerCount('ready') - listeners).toBeLessThanOrEqual(1); // the job's may be the one
      await jobsRedis.start();
      await waitFor(
        async () => ['completed', 'failed'].includes(await queue.getJobState(job.id!)),
        15_000,
        'the job to end',
      );
      const ended = await queue.getJob(job.id!);
      expect(ended?.failedReason).toBeUndefined();
      expect(await ended?.getState()).toBe('completed');
      expect(await redis.get('rw:mark')).toBe('done');
    } finally {
      await worker!.close();
      await queue.close();
      connection.disconnect();
      redis.disconnect();
    }
  });
});
