import { Queue } from 'bullmq';
import { queueNames, type QueueName } from '@portal/contracts';
import type { Config } from '../config';
import { createDb } from '../infra/db';
import { createLogger, type Logger } from '../infra/logger';
import { createMetrics } from '../infra/metrics';
import { createPasswordHasher } from '../infra/passwords';
import { createQueueRedis, createRedis } from '../infra/redis';
import { RequestStats } from '../infra/requestStats';
import { createEventStore } from '../eventStore';
import { ProjectionHost } from '../projections/runner';
import { SessionStore, sessionTrackedPrefixes } from '../http/sessions';
import { TrackedKeys } from '../infra/trackedKeys';
import { createHotReads } from '../infra/hotReads';
import { SignedInUsers, touchingUsers } from './signedInUsers';
import { allProjections, createFeatures } from '../features';
import type { Feature } from '../http/feature';
import type { AppDeps } from './deps';

export interface Runtime {
  deps: AppDeps;
  features: Feature[];
  /** resolves once Redis is connected (commands fail fast while it is not) */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Builds every dependency of the API from the configuration; `close` releases them all. */
export function buildRuntime(config: Config, options: { logger?: Logger; service?: string } = {}): Runtime {
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL, name: options.service ?? 'api' });
  const metrics = createMetrics(options.service ?? 'api');
  const redis = createRedis(config.REDIS_URL);
  redis.on('error', (err) => logger.debug({ err }, 'redis connection error'));
  const requestStats = new RequestStats(redis, config.REDIS_PREFIX);
  // sessions and their users' version tokens, kept here until any process changes them
  const trackedKeys = new TrackedKeys(config.REDIS_URL, sessionTrackedPrefixes(config.REDIS_PREFIX), redis, {
    onError: (err, setup) =>
      setup
        ? logger.warn(
            { err },
            'Redis refused client-side tracking: sessions are read from Redis on every request',
          )
        : logger.debug({ err }, 'redis tracking connection error'),
  });
  const db = createDb({
    connectionString: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    metrics,
    onQuery: (ms) => requestStats.recordQuery(ms),
  });
  const hotReads = createHotReads({
    db,
    metrics,
    onQuery: (ms) => requestStats.recordQuery(ms),
  });
  const signedInUsers = new SignedInUsers(redis, config.REDIS_PREFIX, hotReads);
  // every change of a user invalidates its cached copy in every process before the call returns
  const baseStore = createEventStore(config, {
    onQuery: (ms) => requestStats.recordQuery(ms),
    onAppended: (events) => {
      for (const event of events) metrics.eventsAppended.inc({ type: event.type });
    },
  });
  const store = touchingUsers(baseStore, signedInUsers);
  const queueConnection = createQueueRedis(config.REDIS_URL);
  queueConnection.on('error', (err) => logger.debug({ err }, 'queue redis connection error'));
  const queues = Object.fromEntries(
    queueNames.map((name) => [
      name,
      new Queue(name, { connection: queueConnection, prefix: `${config.REDIS_PREFIX}bull` }),
    ]),
  ) as Record<QueueName, Queue>;
  const deps: AppDeps = {
    config,
    logger,
    db,
    redis,
    store,
    metrics,
    passwords: createPasswordHasher({ cost: config.BCRYPT_COST, threads: config.BCRYPT_THREADS }),
    sessions: new SessionStore(redis, config.REDIS_PREFIX, trackedKeys),
    hotReads,
    signedInUsers,
    requestStats,
    queues,
    projections: undefined as unknown as ProjectionHost,
    now: () => new Date(),
  };
  const features = createFeatures(deps);
  const projections = allProjections(features);
  // On the PostgreSQL event store the inline read models are written in each append's own
  // transaction; the rest (and, with EventStoreDB, every one) are run by a leader.
  const inline = store.useInlineProjections ? projections.filter((p) => p.lifecycle === 'inline') : [];
  store.useInlineProjections?.({ db, projections: inline });
  deps.projections = new ProjectionHost(
    {
      db,
      store,
      logger,
      metrics,
      databaseUrl: config.DATABASE_URL,
      waitTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
      lead: config.RUN_PROJECTIONS,
      statusBoard: { redis, prefix: config.REDIS_PREFIX, service: options.service ?? 'api' },
    },
    projections.filter((p) => !inline.includes(p)),
    inline,
  );
  return {
    deps,
    features,
    async ready(timeoutMs = 10_000) {
      if (redis.status === 'ready') return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Redis not ready after ${timeoutMs} ms`)), timeoutMs);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async close() {
      await deps.projections.stop();
      await requestStats.stop();
      await Promise.allSettled(Object.values(queues).map((q) => q.close()));
      await deps.passwords.close().catch(() => undefined);
      await store.close().catch(() => undefined);
      await db.destroy().catch(() => undefined);
      trackedKeys.close();
      redis.disconnect();
      queueConnection.disconnect();
    },
  };
}
