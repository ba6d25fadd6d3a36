import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { type BruteForcePolicy, KEYCLOAK_DEFAULTS, waitAfterFailures } from '../../domain/user/bruteForce';
import { emailHash } from './accounts';

/**
 * Failure counter per account AND source in Redis, keyed by the hash of the lower-cased e-mail
 * (so case variants share one counter, and unknown addresses are throttled exactly like real
 * ones) and the client address. Failures from one address never lock the account for another:
 * the owner signing in from elsewhere is not locked out by someone guessing (issue 13).
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number,
    readonly policy: BruteForcePolicy = KEYCLOAK_DEFAULTS,
  ) {}

  private key = (email: string, source: string) =>
    `${this.prefix}login-failures:${emailHash(email)}:${source}`;

  /** Seconds left before this account may try again from this source (0: it may). */
  async secondsToWait(email: string, source: string): Promise<number> {
    const until = Number(await this.redis.hget(this.key(email, source), 'until'));
    const left = until ? Math.ceil((until - this.now()) / 1000) : 0;
    return Math.max(0, left);
  }

  /** Counts a failure; answers the number of consecutive failures and the wait it imposes. */
  async recordFailure(email: string, source: string): Promise<{ failures: number; waitSeconds: number }> {
    const key = this.key(email, source);
    const [[, count]] = (await this.redis
      .multi()
      .hincrby(key, 'count', 1)
      .expire(key, this.policy.failureResetSeconds)
      .exec()) as [[Error | null, number], unknown];
    const failures = Number(count);
    const waitSeconds = waitAfterFailures(failures, this.policy);
    if (waitSeconds > 0) await this.redis.hset(key, 'until', String(this.now() + waitSeconds * 1000));
    return { failures, waitSeconds };
  }

  /** true when this failure started a lockout (the first wait of a series) */
  startsLockout(failures: number) {
    return failures === this.policy.maxLoginFailures;
  }

  /** A successful sign-in from this source forgets this source's failures only. */
  async reset(email: string, source: string) {
    await this.redis.del(this.key(email, source));
  }
}

/** Per-IP limits (rate-limiter-flexible on the shared Redis connection). */
export interface IpLimits {
  /** failed sign-ins per IP: 100 per 15 minutes, then a 15-minute block */
  loginFailures: RateLimiterRedis;
  /** registration attempts per IP: 10 per hour */
  register: RateLimiterRedis;
  /** wrong passcodes per IP: 10 per 15 minutes */
  passcode: RateLimiterRedis;
}

export function createIpLimits(redis: Redis, prefix: string): IpLimits {
  const make = (name: string, points: number, duration: number, blockDuration = 0) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}rl:${name}`,
      points,
      duration,
      blockDuration,
    });
  return {
    loginFailures: make('login-ip', 100, 15 * 60, 15 * 60),
    register: make('register-ip', 10, 3600),
    passcode: make('passcode-ip', 10, 15 * 60),
  };
}

/** Seconds until the key may act again (its points are used up), 0 when it may now. */
export async function limiterWait(limiter: RateLimiterRedis, key: string): Promise<number> {
  const res = await limiter.get(key);
  if (!res || res.consumedPoints < limiter.points) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** Spends one point; answers the seconds to wait when the limit is now exceeded, else 0. */
export async function spend(limiter: RateLimiterRedis, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    return Math.max(1, Math.ceil((rejection as { msBeforeNext: number }).msBeforeNext / 1000));
  }
}
