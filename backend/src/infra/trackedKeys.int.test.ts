import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { REDIS_URL } from '../../../testing/env';
import { startPrivateRedis, waitFor } from '../../../testing/servers';
import { TrackedKeys } from './trackedKeys';

/** Client-side caching against the real Redis: what is kept, and when it stops being trusted. */
const prefix = `t:tracked-keys:${randomUUID()}:`;
let data: Redis;
let other: Redis;
let tracked: TrackedKeys;

const read = (key: string) =>
  tracked.load(
    () => data.get(key),
    (value) => [[key, value]],
  );

/** Until tracking is set up (the first use starts it). */
async function trusted() {
  tracked.peek(`${prefix}start`);
  await waitFor(async () => tracked.isTrusted, 10_000, 'tracking');
}

beforeAll(async () => {
  data = new Redis(REDIS_URL);
  other = new Redis(REDIS_URL);
  tracked = new TrackedKeys(REDIS_URL, [prefix], data);
  await trusted();
});
afterAll(async () => {
  tracked?.close();
  const keys = await other.keys(`${prefix}*`);
  if (keys.length) await other.del(...keys);
  data?.disconnect();
  other?.disconnect();
});

describe('TrackedKeys', () => {
  it('keeps a value read while trusted and drops it when another client changes the key', async () => {
    const key = `${prefix}a`;
    await other.set(key, 'one');
    expect(await read(key)).toBe('one');
    expect(tracked.peek(key)).toBe('one');
    await other.set(key, 'two');
    await waitFor(async () => tracked.peek(key) === undefined, 10_000, 'the invalidation');
    expect(await read(key)).toBe('two');
    expect(tracked.peek(key)).toBe('two');
  });

  it('keeps nothing of a read during which the key was invalidated', async () => {
    const key = `${prefix}b`;
    await other.set(key, 'old');
    const answer = await tracked.load(
      async () => {
        const value = await data.get(key);
        tracked.invalidate([key]); // as if the invalidation had come before the reply
        return value;
      },
      (value) => [[key, value]],
    );
    expect(answer).toBe('old');
    expect(tracked.peek(key)).toBeUndefined();
  });

  it('stops trusting once its connection is killed, and sets tracking up again', async () => {
    const key = `${prefix}d`;
    await other.set(key, 'kept');
    await read(key);
    expect(tracked.peek(key)).toBe('kept');
    const list = (await other.client('LIST')) as string;
    const line = list.split('\n').find((l) => l.includes(`name=${tracked.connectionName}`));
    const id = /(?:^| )id=(\d+)/.exec(line ?? '')?.[1];
    expect(id).toBeDefined();
    await other.client('KILL', 'ID', id!);
    await tracked.settled();
    expect(tracked.isTrusted).toBe(false);
    expect(tracked.peek(key)).toBeUndefined();
    await waitFor(async () => tracked.isTrusted, 10_000, 'tracking again');
    await read(key);
    expect(tracked.peek(key)).toBe('kept');
  });
});

describe('TrackedKeys where Redis refuses tracking', () => {
  it('keeps nothing and reads go to Redis', async () => {
    const server = await startPrivateRedis();
    const admin = new Redis(server.url);
    await admin.acl('SETUSER', 'notrack', 'on', '>pw', '~*', '&*', '+@all', '-client|tracking');
    const url = server.url.replace('redis://', 'redis://notrack:pw@');
    const refused: unknown[] = [];
    const own = new Redis(url);
    const keys = new TrackedKeys(url, [prefix], own, { onError: (err, setup) => setup && refused.push(err) });
    try {
      keys.peek(`${prefix}start`);
      await waitFor(async () => refused.length > 0, 10_000, 'the refusal');
      expect(keys.isTrusted).toBe(false);
      await own.set(`${prefix}e`, 'read');
      expect(
        await keys.load(
          () => own.get(`${prefix}e`),
          (value) => [[`${prefix}e`, value]],
        ),
      ).toBe('read');
      expect(keys.peek(`${prefix}e`)).toBeUndefined();
    } finally {
      keys.close();
      own.disconnect();
      admin.disconnect();
      await server.stop();
    }
  });
});
