import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../testing/db';
import { describeEventStoreContract } from '../../../testing/eventStoreContract';
import { createPostgresEventStore, formatPosition, parsePosition } from './postgres';
import type { EventStore, RecordedEvent } from './port';
import { WrongExpectedRevision } from './port';

describeEventStoreContract('postgres', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 200 });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await database.drop();
    },
  };
});

describe('PostgreSQL event store: safe global order under rollbacks and late commits', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({
      connectionString: database.url,
      poolSize: 16,
      pollIntervalMs: 50,
      // Random delays right before COMMIT make later transactions commit before earlier ones,
      // and some transactions roll back after their rows were inserted.
      beforeCommit: async (streamId) => {
        await new Promise((r) => setTimeout(r, Math.random() * 15));
        if (streamId.startsWith('Rollback') || Math.random() < 0.1) throw new Error('injected rollback');
      },
    });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('delivers every committed event exactly once, in stream order, and never a rolled-back one', async () => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ after: await store.headPosition() });
    const collecting = (async () => {
      for await (const event of subscription) seen.push(event);
    })();

    const committed = new Set<string>();
    const rolledBack = new Set<string>();
    const streams = Array.from({ length: 8 }, (_, i) => `Order-${i}-${randomUUID().slice(0, 6)}`);
    const writer = async (w: number) => {
      for (let i = 0; i < 30; i++) {
        const streamId = i % 7 === 0 ? `Rollback-${w}-${i}` : streams[(w + i) % streams.length];
        const id = randomUUID();
        try {
          await store.appendToStream(streamId, [{ id, type: 'Tested', data: { w, i }, metadata: {} }]);
          committed.add(id);
        } catch (error) {
          if (error instanceof WrongExpectedRevision) throw error;
          rolledBack.add(id);
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));

    const deadline = Date.now() + 20_000;
    while (seen.length < committed.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await subscription.close();
    await collecting;

    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(committed);
    expect(ids.some((id) => rolledBack.has(id))).toBe(false);
    expect(rolledBack.size).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i].position > seen[i - 1].position).toBe(true);
    for (const streamId of streams) {
      const revisions = seen.filter((e) => e.streamId === streamId).map((e) => Number(e.revision));
      expect(revisions).toEqual(revisions.map((_, i) => revisions[0] + i));
    }
  });
});

describe('positions', () => {
  it('format to fixed width and sort like the (transaction id, sequence) pair', () => {
    const a = formatPosition(9n, 100n);
    const b = formatPosition(10n, 2n);
    expect(a < b).toBe(true);
    expect(parsePosition(b)).toEqual({ txId: '10', seq: '2' });
    expect(() => parsePosition('x')).toThrow();
  });
});

describe('safe horizon', () => {
  it('is not held back by a long transaction in another database, but is by one in this database', async () => {
    const ours = await createTestDatabase();
    const other = await createTestDatabase();
    const store = createPostgresEventStore({ connectionString: ours.url });
    const pg = (await import('pg')).default;
    const elsewhere = new pg.Client({ connectionString: other.url });
    const here = new pg.Client({ connectionString: ours.url });
    await elsewhere.connect();
    await here.connect();
    try {
      // A transaction with an id, left open in the other database.
      await elsewhere.query('begin');
      await elsewhere.query('create table held (x int)');
      const first = await store.appendToStream(`Horizon-${randomUUID()}`, [
        { id: randomUUID(), type: 'A', data: {}, metadata: {} },
      ]);
      await expect.poll(async () => (await store.headPosition())! >= first.position).toBe(true);

      // The same in this database: later appends stay invisible until it ends.
      await here.query('begin');
      await here.query('create table held_here (x int)');
      const second = await store.appendToStream(`Horizon-${randomUUID()}`, [
        { id: randomUUID(), type: 'B', data: {}, metadata: {} },
      ]);
      expect((await store.headPosition())! < second.position).toBe(true);
      // ... but they count as not yet read: the lag of a reader at the head is not hidden.
      const hidden = await store.oldestEventTimeAfter(await store.headPosition());
      expect(hidden).toBeInstanceOf(Date);
      await here.query('rollback');
      // (a transaction another test file's database runs may hold a read back once: whose it is
      // cannot be told after it ended, so it is kept until the next read)
      await expect.poll(async () => (await store.headPosition())! >= second.position).toBe(true);
      expect(await store.oldestEventTimeAfter(await store.headPosition())).toBeNull();
    } finally {
      await elsewhere.query('rollback').catch(() => undefined);
      await elsewhere.end();
      await here.end();
      await store.close();
      await ours.drop();
      await other.drop();
    }
  });
});

describe('withStreamLock', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  const appended: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({
      connectionString: database.url,
      onAppended: (events) => appended.push(...events.map((e) => e.id)),
    });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });
  const event = () => ({ id: randomUUID(), type: 'Tested', data: {}, metadata: {} });

  it('commits what it appended when its function returns, and reads in its own transaction', async () => {
    const stream = `Locked-${randomUUID()}`;
    const first = event();
    const seen = await store.withStreamLock!(stream, async (locked) => {
      await locked.appendToStream(stream, [first], { expectedRevision: 'no_stream' });
      // announced after the commit only
      expect(appended).not.toContain(first.id);
      return (await locked.readStream(stream)).map((e) => e.id);
    });
    expect(seen).toEqual([first.id]);
    expect(appended).toContain(first.id);
    expect((await store.readStream(stream)).map((e) => e.id)).toEqual([first.id]);
  });

  it('keeps every other append to the stream waiting, and records nothing when its function throws', async () => {
    const stream = `Locked-${randomUUID()}`;
    const ours = event();
    const theirs = event();
    let waiting: Promise<unknown> | undefined;
    await expect(
      store.withStreamLock!(stream, async (locked) => {
        await locked.appendToStream(stream, [ours]);
        // another append to the stream waits for the lock (it would be revision 1 after ours)
        waiting = store.appendToStream(stream, [theirs], { expectedRevision: 'no_stream' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // ours was rolled back: theirs finds no stream, as it expected
    await waiting;
    expect((await store.readStream(stream)).map((e) => e.id)).toEqual([theirs.id]);
    expect(appended).not.toContain(ours.id);
  });
});

describe('appends of new ids', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ connectionString: database.url });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });
  const event = () => ({ id: randomUUID(), type: 'Tested', data: {}, metadata: {} });

  it('keep every check but the look for resent ids, which only a resend needs', async () => {
    const stream = `Fresh-${randomUUID()}`;
    const first = event();
    await store.appendToStream(stream, [first], { expectedRevision: 'no_stream' });
    const second = event();
    const result = await store.appendToStream(stream, [second], { expectedRevision: 0n, newIds: true });
    expect(result.nextRevision).toBe(1n);
    // the expected revision is still checked
    await expect(
      store.appendToStream(stream, [event()], { expectedRevision: 0n, newIds: true }),
    ).rejects.toBeInstanceOf(WrongExpectedRevision);
    // without newIds a resend is found and records nothing
    await store.appendToStream(stream, [second], { expectedRevision: 'any' });
    expect((await store.readStream(stream)).map((e) => e.id)).toEqual([first.id, second.id]);
    // with it the store does not look (so only ids made for the append may set it)
    await store.appendToStream(stream, [second], { expectedRevision: 'any', newIds: true });
    expect((await store.readStream(stream)).map((e) => e.id)).toEqual([first.id, second.id, second.id]);
  });

  it('leave the six-argument es_append of older processes checking ids', async () => {
    const stream = `Old-${randomUUID()}`;
    const first = event();
    await store.appendToStream(stream, [first], { expectedRevision: 'no_stream' });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select outcome, next_revision from es_append($1, 'any', $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[])`,
        [stream, [first.id], ['Tested'], ['{}'], ['{}']],
      );
      expect(rows.map((r) => [r.outcome, String(r.next_revision)])).toEqual([['duplicate', '0']]);
    } finally {
      await client.end();
    }
    expect(await store.readStream(stream)).toHaveLength(1);
  });
});

describe('a subscription', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: EventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 60_000 });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await store.close();
    await database.drop();
  });

  it('keeps delivering when the wall clock is set back (its pacing runs on a monotonic clock)', async () => {
    const stream = `Clock-${randomUUID()}`;
    const subscription = store.subscribeToAll({ filter: { streamPrefixes: [stream] } });
    const events = subscription[Symbol.asyncIterator]();
    try {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_600_000 });
      await store.appendToStream(stream, [
        { id: randomUUID(), type: 'Tested', data: { n: 1 }, metadata: {} },
      ]);
      expect(((await events.next()).value as RecordedEvent).data).toEqual({ n: 1 });
      // an hour back, as after a clock correction: the next event still arrives on its append's wake-up
      vi.useRealTimers();
      await store.appendToStream(stream, [
        { id: randomUUID(), type: 'Tested', data: { n: 2 }, metadata: {} },
      ]);
      expect(((await events.next()).value as RecordedEvent).data).toEqual({ n: 2 });
    } finally {
      await subscription.close();
    }
  });
});
