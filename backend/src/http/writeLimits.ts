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
    // Both limits at once (their round trips overlap), and a request refused by the per-minute
    // limit gives its bytes back (a refused request changes nothing, as when spent one by one).
    const [minute, day] = await Promise.allSettled([
      perMinute.consume(userId),
      bytes > 0 ? bytesPerDay.consume(userId, bytes) : Promise.resolve(null),
    ]);
    const rejection =
      minute.status === 'rejected' ? minute.reason : day.status === 'rejected' ? day.reason : null;
    if (rejection !== null) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      if (minute.status === 'rejected' && day.status === 'fulfilled' && bytes > 0)
        await bytesPerDay.reward(userId, bytes).catch(() => undefined);
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
