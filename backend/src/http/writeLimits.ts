import type { Context } from 'koa';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config';
import { HttpError } from './errors';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Per-user limits on state-changing requests (issue 13): WRITES_PER_MINUTE requests a minute,
 * and WRITE_BYTES_PER_DAY bytes of request bodies a day, so one account cannot grow the event
 * store and the audit log without bound. Refused requests answer 429 `too_many_writes` with
 * Retry-After and change nothing. Anonymous requests have their own per-address limits.
 */
export function createWriteLimits(redis: Redis, config: Config) {
  const perMinute = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${config.REDIS_PREFIX}rl:writes-user`,
    points: config.WRITES_PER_MINUTE,
    duration: 60,
  });
  const bytesPerDay = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${config.REDIS_PREFIX}rl:write-bytes-user`,
    points: config.WRITE_BYTES_PER_DAY,
    duration: 24 * 3600,
  });

  return async function spendWrite(ctx: Context, userId: string | undefined) {
    if (!userId || READS.has(ctx.method)) return;
    const bytes = Buffer.byteLength((ctx.request as { rawBody?: string }).rawBody ?? '');
    try {
      await perMinute.consume(userId);
      if (bytes > 0) await bytesPerDay.consume(userId, bytes);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new HttpError(
        429,
        'too_many_writes',
        'You are saving changes too often. Please wait a moment and try again.',
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
  };
}
