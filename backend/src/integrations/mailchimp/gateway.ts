import type { Redis } from 'ioredis';
import type { Logger } from '../../infra/logger';
import { type MailchimpClient, type MailchimpSettings, createMailchimpClient } from './client';
import { RedisSemaphore, type RetryOptions, callProvider } from './concurrency';

/** Mailchimp allows 10 simultaneous connections per API key; shared by every API and worker process. */
const MAILCHIMP_MAX_CONCURRENT = 10;

/** The Redis key of the shared in-flight limit (one per deployment prefix). */
export const mailchimpSemaphoreKey = (redisPrefix: string) => `${redisPrefix}mailchimp:inflight`;

/** The in-flight limit every Mailchimp call of this deployment goes through. */
export function mailchimpSemaphore(
  deps: { redis: Redis; config: { REDIS_PREFIX: string } },
  limit = MAILCHIMP_MAX_CONCURRENT,
) {
  return new RedisSemaphore(deps.redis, mailchimpSemaphoreKey(deps.config.REDIS_PREFIX), { limit });
}

/**
 * Retry budgets. A request of a person (API) waits at most a few seconds before it answers;
 * a background job (worker) can wait out a longer back-off.
 */
const INTERACTIVE_RETRY: RetryOptions = { attempts: 3, baseDelayMs: 250, maxDelayMs: 2_000 };
export const BACKGROUND_RETRY: RetryOptions = { attempts: 8, baseDelayMs: 500, maxDelayMs: 30_000 };

/**
 * The one way to call Mailchimp: every call of every process (API newsletter routes, admin
 * changes, worker jobs, health ping) holds one of the 10 shared slots while it runs, and is
 * retried and classified by `callProvider` (429 / 5xx / network: back-off honouring
 * Retry-After; other 4xx: a ProviderError at once).
 */
export interface MailchimpGateway {
  readonly settings: MailchimpSettings;
  call<T>(what: string, fn: (client: MailchimpClient) => Promise<T>): Promise<T>;
}

export interface GatewayOptions {
  retry?: RetryOptions;
  logger?: Logger;
  /** per-request timeout (default 15 s) */
  timeoutMs?: number;
}

export function createMailchimpGateway(
  settings: MailchimpSettings,
  semaphore: RedisSemaphore,
  options: GatewayOptions = {},
): MailchimpGateway {
  const client = createMailchimpClient({ ...settings, timeoutMs: options.timeoutMs ?? settings.timeoutMs });
  const retry = options.retry ?? INTERACTIVE_RETRY;
  return {
    settings,
    call: (what, fn) =>
      callProvider(semaphore, () => fn(client), {
        ...retry,
        onRetry: (error, attempt, delayMs) =>
          options.logger?.info(
            { call: what, attempt, status: error.status, waitMs: Math.round(delayMs) },
            'mailchimp call retried',
          ),
      }),
  };
}
