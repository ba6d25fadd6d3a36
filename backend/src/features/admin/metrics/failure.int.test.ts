import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { Redis, type RedisOptions } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_URL, TEST_ADMIN_URL } from '../../../../../testing/env';
import { failureKind } from './failure';

/**
 * The kinds of the errors the real clients give (ioredis, knex over pg), not of hand-written
 * copies: some carry no code, only their words, so a client upgrade that rewords them fails here.
 */
const failureOf = async (call: () => Promise<unknown>) => {
  try {
    await call();
  } catch (error) {
    return failureKind(error);
  }
  throw new Error('the call succeeded');
};

/** An address nothing listens on (port 1 of the loopback). */
const deadRedis = (options: RedisOptions) => {
  const redis = new Redis({ host: '127.0.0.1', port: 1, ...options });
  redis.on('error', () => undefined);
  return redis;
};
/** knex logs each failed acquire itself: the test reads the errors it throws */
const quiet = {
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  deprecate: () => undefined,
};
const dbAt = (url: string, pool = { min: 0, max: 1 }) =>
  knex({ client: 'pg', connection: url, pool, acquireConnectionTimeout: 1_000, log: quiet });

const opened: { close: () => unknown }[] = [];
const keep = <T extends Redis | Knex>(client: T) => {
  opened.push({ close: () => ('destroy' in client ? client.destroy() : client.disconnect()) });
  return client;
};
afterAll(async () => {
  await Promise.all(opened.map(({ close }) => close()));
});

describe('health check failures of the real clients', () => {
  it('Redis: no connection, retries spent, a closed client, refused credentials', async () => {
    const offline = keep(deadRedis({ enableOfflineQueue: false, retryStrategy: () => null }));
    expect(await failureOf(() => offline.ping())).toBe('unreachable');
    const retrying = keep(deadRedis({ maxRetriesPerRequest: 1 }));
    expect(await failureOf(() => retrying.ping())).toBe('unreachable');
    const closed = new Redis(REDIS_URL);
    await closed.quit();
    expect(await failureOf(() => closed.ping())).toBe('unreachable');
    const redis = keep(new Redis(REDIS_URL));
    expect(await failureOf(() => redis.call('AUTH', 'nobody-here', 'wrong'))).toBe('rejected');
  });

  it('PostgreSQL: no server, an unknown role, no connection free in time, a backend terminated mid-query', async () => {
    const url = new URL(TEST_ADMIN_URL);
    const dead = new URL(url);
    dead.port = '1';
    expect(await failureOf(() => keep(dbAt(dead.toString())).raw('select 1'))).toBe('unreachable');
    const stranger = new URL(url);
    stranger.username = 'nobody_here';
    expect(await failureOf(() => keep(dbAt(stranger.toString())).raw('select 1'))).toBe('rejected');

    const db = keep(dbAt(url.toString()));
    const other = keep(dbAt(url.toString()));
    // the only connection held by a query: the next waits for it past the acquire timeout
    const held = db.raw('select pg_sleep(3)').catch((error: unknown) => error);
    expect(await failureOf(() => db.raw('select 1'))).toBe('timeout');
    await held;

    // an administrator (or a failover) ends the backend while it answers; the query is marked
    // so that no other test's backend is ended
    const marked = `select pg_sleep(30) -- failure test ${randomUUID()}`;
    const sleeping = db.raw(marked).catch((error: unknown) => error);
    const terminate = async () => {
      const { rows } = await other.raw(
        'select pg_terminate_backend(pid) as done from pg_stat_activity where query = ?',
        [marked],
      );
      return rows.some((row: { done: boolean }) => row.done);
    };
    await expect.poll(terminate, { timeout: 10_000, interval: 50 }).toBe(true);
    expect(failureKind(await sleeping)).toBe('unreachable');
  });
});
