import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A counting semaphore in Redis shared by every worker process: at most `limit` holders at once
 * (Mailchimp allows 10 simultaneous connections per API key). Each holder is a lease in a sorted
 * set scored by its expiry, so a holder that dies (SIGKILL) frees its slot when the lease ends.
 * The script takes the clock from Redis, so process clocks do not matter.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
  return 1
end
return 0`;

export interface SemaphoreOptions {
  limit: number;
  /** lease length; longer than any single request may take */
  leaseMs?: number;
  /** poll interval while waiting for a slot (with jitter) */
  pollMs?: number;
}

export class RedisSemaphore {
  readonly limit: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    options: SemaphoreOptions,
  ) {
    this.limit = options.limit;
    this.leaseMs = options.leaseMs ?? 90_000;
    this.pollMs = options.pollMs ?? 25;
  }

  async acquire(signal?: AbortSignal): Promise<() => Promise<void>> {
    const token = randomUUID();
    for (;;) {
      signal?.throwIfAborted();
      const got = await this.redis.eval(ACQUIRE, 1, this.key, this.limit, this.leaseMs, token);
      if (got === 1) {
        let released = false;
        return async () => {
          if (released) return;
          released = true;
          await this.redis.zrem(this.key, token);
        };
      }
      await sleep(this.pollMs / 2 + Math.random() * this.pollMs);
    }
  }

  async use<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await fn();
    } finally {
      await release().catch(() => undefined);
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An error of the mailing service's API, with its HTTP status (0: no answer). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
  /** 429, 5xx and network failures are worth another try; other 4xx are not (they would fail again). */
  get retryable() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** Turns whatever the Mailchimp client threw (a superagent error) into a ProviderError. */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = error as {
    status?: number;
    message?: string;
    response?: {
      status?: number;
      body?: { title?: string; detail?: string };
      headers?: Record<string, string>;
    };
  };
  const status = Number(e?.status ?? e?.response?.status ?? 0) || 0;
  const body = e?.response?.body;
  const retryAfter = Number(e?.response?.headers?.['retry-after']);
  const message = body?.detail || body?.title || e?.message || 'Mailing service request failed';
  return new ProviderError(
    status ? `${status} ${message}` : message,
    status,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : null,
  );
}

export interface RetryOptions {
  /** attempts in all, including the first */
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  signal?: AbortSignal;
  onRetry?: (error: ProviderError, attempt: number, delayMs: number) => void;
}

/**
 * One mailing-service call under the shared semaphore, with back-off: 429 and 5xx are retried
 * (honouring Retry-After when sent) with exponential, jittered delays; other 4xx fail at once.
 * The slot is released while waiting, so a backing-off call does not hold one of the 10.
 */
export async function callProvider<T>(
  semaphore: RedisSemaphore,
  fn: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 8;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await semaphore.use(fn, options.signal);
    } catch (raw) {
      const error = toProviderError(raw);
      if (!error.retryable || attempt >= attempts) throw error;
      const backoff = Math.min(max, base * 2 ** (attempt - 1));
      const delay = error.retryAfterMs ?? backoff / 2 + Math.random() * (backoff / 2);
      options.onRetry?.(error, attempt, delay);
      await sleep(delay);
    }
  }
}
