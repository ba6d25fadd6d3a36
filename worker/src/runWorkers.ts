import { Worker, type WorkerOptions } from 'bullmq';
import type { AppDeps } from '@portal/backend/app/deps';
import { createQueueRedis, redisReady } from '@portal/backend/infra/redis';
import type { QueueName } from '@portal/contracts';
import type { JobDefinition } from './jobs/types';

type StallOptions = Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;

/** How long a job waits for the worker's own Redis connection to come back. */
const REDIS_READY_WAIT_MS = 10_000;

/**
 * One BullMQ Worker per queue, dispatching by job name. Stalled jobs (a killed worker) are
 * picked up again after the stall interval (tests shorten it). After a Redis restart the
 * queue's connection may be back before the one the jobs use: a job taken then waits for it
 * instead of failing.
 */
export function startWorkers(
  deps: AppDeps,
  jobs: JobDefinition<never>[],
  stall: StallOptions = { stalledInterval: 15_000, maxStalledCount: 2 },
): Worker[] {
  const byQueue = new Map<QueueName, JobDefinition<never>[]>();
  for (const job of jobs) byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);
  return [...byQueue].map(([queue, defs]) => {
    const connection = createQueueRedis(deps.config.REDIS_URL);
    connection.on('error', (err) => deps.logger.debug({ err }, 'worker redis connection error'));
    const worker = new Worker(
      queue,
      async (job) => {
        const def = defs.find((d) => d.name === job.name);
        if (!def) throw new Error(`No processor for ${queue}/${job.name}`);
        await redisReady(deps.redis, REDIS_READY_WAIT_MS);
        return def.process(job as never, deps);
      },
      {
        connection,
        prefix: `${deps.config.REDIS_PREFIX}bull`,
        concurrency: Math.max(...defs.map((d) => d.concurrency ?? 1)),
        ...stall,
      },
    );
    worker.on('failed', (job, err) =>
      deps.logger.warn({ err, queue, job: job?.name, id: job?.id }, 'job failed'),
    );
    worker.on('error', (err) => deps.logger.debug({ err, queue }, 'worker error'));
    return worker;
  });
}
