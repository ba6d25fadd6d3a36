import { Redis, type RedisOptions } from 'ioredis';

/**
 * ioredis connection that fails fast while Redis is down (so requests answer 503 quickly)
 * and reconnects forever in the background.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    ...options,
  });
}

/** BullMQ needs maxRetriesPerRequest null and an offline queue on its connections. */
export function createQueueRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}

const readiness = new WeakMap<Redis, Promise<void>>();

/**
 * Resolves once the connection is ready, or after timeoutMs if it is not (the caller's next
 * command then fails as it would have): lets work that arrives on one connection wait for
 * another still reconnecting after a Redis restart. One wait (one listener) per connection,
 * however many callers wait on it.
 */
export function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  let waiting = readiness.get(redis);
  if (!waiting) {
    waiting = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        readiness.delete(redis);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      redis.once('ready', done);
    });
    readiness.set(redis, waiting);
  }
  return waiting;
}

export function isRedisUnavailable(error: unknown): boolean {
  const e = error as { message?: string; code?: string };
  return (
    e?.code === 'ECONNREFUSED' ||
    /Stream isn't writeable|enableOfflineQueue|Connection is closed|Reached the max retries|ECONNREFUSED/i.test(
      e?.message ?? '',
    )
  );
}
