import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../testing/db';
import { waitFor } from '../../../testing/servers';
import { createDb, type Db } from '../infra/db';
import type { Projection } from '../projections/projection';
import { type PostgresEventStoreOptions, createPostgresEventStore } from './postgres';
import {
  type EventStore,
  type FoldedRow,
  StreamNotFound,
  Unavailable,
  WrongExpectedRevision,
  readStreamOrEmpty,
} from './port';

/**
 * Inline projections on the PostgreSQL event store: the read model is written in the append's own
 * transaction, so an event and its row are committed together or not at all.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let store: EventStore;

const inlineCounter: Projection = {
  name: 'inline_counter',
  tables: ['inline_counts'],
  eventTypes: ['Counted', 'Poison'],
  lifecycle: 'inline',
  async apply(trx, event) {
    if (event.type === 'Poison') throw new Error('this read model refuses the event');
    await trx('inline_counts')
      .insert({ stream_id: event.streamId, n: 1, last_revision: event.revision.toString() })
      .onConflict('stream_id')
      .merge({ n: trx.raw('inline_counts.n + 1'), last_revision: event.revision.toString() });
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url });
  await db.raw(
    'create table inline_counts (stream_id text primary key, n int not null, last_revision bigint, at timestamptz)',
  );
  store = createPostgresEventStore({ connectionString: database.url });
  store.useInlineProjections!({ db, projections: [inlineCounter] });
});
afterAll(async () => {
  await store.close();
  await db.destroy();
  await database.drop();
});

const event = (type: string) => ({ id: randomUUID(), type, data: {}, metadata: {} });

describe('inline projections (PostgreSQL event store)', () => {
  it('writes the row in the append: visible as soon as the append returns, once per event', async () => {
    const stream = `Inline-${randomUUID()}`;
    await store.appendToStream(stream, [event('Counted'), event('Counted')], {
      expectedRevision: 'no_stream',
    });
    await store.appendToStream(stream, [event('Counted'), event('Ignored')], { expectedRevision: 1n });
    expect(await db('inline_counts').where({ stream_id: stream }).first()).toMatchObject({
      n: 3,
      last_revision: 2,
    });
  });

  it('a retried append with the same event ids writes nothing twice', async () => {
    const stream = `Inline-${randomUUID()}`;
    const same = [event('Counted')];
    await store.appendToStream(stream, same, { expectedRevision: 'no_stream' });
    await store.appendToStream(stream, same, { expectedRevision: 'no_stream' });
    expect((await db('inline_counts').where({ stream_id: stream }).first()).n).toBe(1);
    expect(await readStreamOrEmpty(store, stream)).toHaveLength(1);
  });

  it('when the read model refuses an event, the append fails and nothing is recorded', async () => {
    const stream = `Inline-${randomUUID()}`;
    await expect(store.appendToStream(stream, [event('Counted'), event('Poison')])).rejects.toThrow(
      /refuses the event/,
    );
    await expect(store.readStream(stream)).rejects.toBeInstanceOf(StreamNotFound);
    expect(await db('inline_counts').where({ stream_id: stream }).first()).toBeUndefined();
    // the connection went back to the pool clean: the next append works
    await store.appendToStream(stream, [event('Counted')], { expectedRevision: 'no_stream' });
    expect((await db('inline_counts').where({ stream_id: stream }).first()).n).toBe(1);
  });

  it("a folded row is written by the append itself (once, at the events' time); a conflict, a retry or a refused row changes nothing", async () => {
    const stream = `Inline-${randomUUID()}`;
    const folded = (n: number | null, revision: number): FoldedRow => ({
      projection: inlineCounter.name,
      table: 'inline_counts',
      key: 'stream_id',
      row: { stream_id: stream, n, last_revision: String(revision), at: null },
      recordedAt: 'at',
    });
    const row = () => db('inline_counts').where({ stream_id: stream }).first();
    const first = [event('Counted'), event('Counted')];
    await store.appendToStream(stream, first, { expectedRevision: 'no_stream', foldedRow: folded(2, 1) });
    const recorded = await store.readStream(stream);
    // the row as given, not also applied event by event (which would count 4)
    expect(await row()).toMatchObject({ n: 2, last_revision: 1, at: recorded[1].createdAt });

    await store.appendToStream(stream, [event('Counted')], { expectedRevision: 1n, foldedRow: folded(3, 2) });
    expect(await row()).toMatchObject({ n: 3, last_revision: 2 });

    await expect(
      store.appendToStream(stream, [event('Counted')], { expectedRevision: 1n, foldedRow: folded(99, 2) }),
    ).rejects.toBeInstanceOf(WrongExpectedRevision);
    await store.appendToStream(stream, first, { expectedRevision: 'no_stream', foldedRow: folded(98, 1) });
    expect(await row()).toMatchObject({ n: 3, last_revision: 2 });

    // the database refuses the row (n is not null): the events are not recorded either
    await expect(
      store.appendToStream(stream, [event('Counted')], { expectedRevision: 2n, foldedRow: folded(null, 3) }),
    ).rejects.toThrow(/null value/);
    expect(await store.readStream(stream)).toHaveLength(3);
    expect(await row()).toMatchObject({ n: 3, last_revision: 2 });

    // without a known revision the row is not trusted: the projection applies the events
    await store.appendToStream(stream, [event('Counted')], { foldedRow: folded(50, 3) });
    expect(await row()).toMatchObject({ n: 4, last_revision: 3 });
  });

  describe('group commit (one-event appends with a folded row, sent while others are being written)', () => {
    const countRow = (stream: string, n: number | null, revision: number): FoldedRow => ({
      projection: inlineCounter.name,
      table: 'inline_counts',
      key: 'stream_id',
      row: { stream_id: stream, n, last_revision: String(revision), at: null },
      recordedAt: 'at',
    });
    /** Streams with one event and their row (n = 1), and a store that counts its statements. */
    async function setUp(count: number, options: Partial<PostgresEventStoreOptions> = {}) {
      let statements = 0;
      const counting = createPostgresEventStore({
        connectionString: database.url,
        onQuery: () => statements++,
        ...options,
      });
      counting.useInlineProjections!({ db, projections: [inlineCounter] });
      const streams = Array.from({ length: count }, (_, i) => `Grouped-${i}-${randomUUID()}`);
      for (const stream of streams)
        await counting.appendToStream(stream, [event('Counted')], {
          expectedRevision: 'no_stream',
          foldedRow: countRow(stream, 1, 0),
        });
      statements = 0;
      return { counting, streams, statements: () => statements };
    }
    const rowOf = (stream: string) => db('inline_counts').where({ stream_id: stream }).first();
    const appendNext = (store: EventStore, stream: string) =>
      store.appendToStream(stream, [event('Counted')], {
        expectedRevision: 0n,
        foldedRow: countRow(stream, 2, 1),
      });
    /** Another connection holding streams' locks, as a slow append to them would. */
    async function lockHolder() {
      const holder = await db.client.acquireConnection();
      let released = false;
      const lockSql = (fn: string) => `select ${fn}(hashtextextended($1, 0))`;
      return {
        lock: (stream: string) => holder.query(lockSql('pg_advisory_lock'), [stream]),
        unlock: (stream: string) => holder.query(lockSql('pg_advisory_unlock'), [stream]),
        async release() {
          if (released) return;
          released = true;
          await holder.query('select pg_advisory_unlock_all()');
          await db.client.releaseConnection(holder);
        },
      };
    }
    /** Backends of this database waiting for an advisory lock, with the statement they run. */
    const waitingForLocks = async () =>
      (
        await db.raw<{ rows: { query: string; xid: string | null }[] }>(
          `select query, backend_xid::text as xid from pg_stat_activity
            where datname = current_database() and wait_event = 'advisory'`,
        )
      ).rows;

    it('shares statements among concurrent appends; each gets its own outcome', async () => {
      const { counting, streams, statements } = await setUp(40);
      const [stale, ...others] = streams;
      const outcomes = await Promise.allSettled([
        counting.appendToStream(stale, [event('Counted')], {
          expectedRevision: 5n,
          foldedRow: countRow(stale, 9, 6),
        }),
        ...others.map((stream) =>
          counting.appendToStream(stream, [event('Counted')], {
            expectedRevision: 0n,
            foldedRow: countRow(stream, 2, 1),
          }),
        ),
      ]);
      expect(statements()).toBeLessThan(10);
      expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedRevision) });
      expect(await store.readStream(stale)).toHaveLength(1);
      expect(await rowOf(stale)).toMatchObject({ n: 1, last_revision: 0 });
      for (const [i, stream] of others.entries()) {
        expect(outcomes[i + 1]).toMatchObject({ status: 'fulfilled', value: { nextRevision: 1n } });
        const recorded = await store.readStream(stream);
        expect(recorded).toHaveLength(2);
        expect(await rowOf(stream)).toMatchObject({ n: 2, last_revision: 1, at: recorded[1].createdAt });
      }
      await counting.close();
    });

    it('a statement the database refuses fails only the append that caused it: the others are sent again alone', async () => {
      const { counting, streams } = await setUp(12);
      const refused = streams[7];
      const outcomes = await Promise.allSettled(
        streams.map((stream) =>
          counting.appendToStream(stream, [event('Counted')], {
            expectedRevision: 0n,
            // the database refuses a row without n (not null)
            foldedRow: countRow(stream, stream === refused ? null : 2, 1),
          }),
        ),
      );
      for (const [i, stream] of streams.entries()) {
        if (stream === refused) {
          expect(outcomes[i]).toMatchObject({
            status: 'rejected',
            reason: { message: expect.stringMatching(/null value/) },
          });
          expect(await store.readStream(stream)).toHaveLength(1);
          expect(await rowOf(stream)).toMatchObject({ n: 1, last_revision: 0 });
        } else {
          expect(outcomes[i]).toMatchObject({ status: 'fulfilled' });
          expect(await store.readStream(stream)).toHaveLength(2);
          expect(await rowOf(stream)).toMatchObject({ n: 2, last_revision: 1 });
        }
      }
      await counting.close();
    });

    it("a batch takes all its streams' locks before its first append: it has no transaction id while it waits for one", async () => {
      // Two appends in flight (blocked on x and y) make the next two wait and go together.
      const { counting, streams } = await setUp(4);
      const [x, y, a, b] = streams; // a sorts before b
      const holder = await lockHolder();
      try {
        for (const stream of [x, y, b]) await holder.lock(stream);
        const alone = [appendNext(counting, x), appendNext(counting, y)];
        await waitFor(async () => (await waitingForLocks()).length === 2, 30_000, 'two appends waiting');
        const batch = [appendNext(counting, a), appendNext(counting, b)];
        await holder.unlock(x); // x's append ends; a and b go as one statement and wait for b's lock
        let waiting: { query: string; xid: string | null } | undefined;
        await waitFor(
          async () => !!(waiting = (await waitingForLocks()).find((row) => /unnest/.test(row.query))),
          30_000,
          'the batch waiting for a lock',
        );
        // had a been appended before b's lock was taken, the batch would hold a transaction id here
        // and a later transaction could append to b before it: b's events out of global order
        expect(waiting).toMatchObject({ query: expect.stringMatching(/unnest/), xid: null });
        await holder.release();
        for (const outcome of await Promise.allSettled([...alone, ...batch]))
          expect(outcome).toMatchObject({ status: 'fulfilled', value: { nextRevision: 1n } });
      } finally {
        await holder.release();
        await counting.close();
      }
    });

    it('a statement held up longer than the statement timeout is cancelled: Unavailable, nothing written', async () => {
      const { counting, streams } = await setUp(1, { statementTimeoutMs: 1_000 });
      const [stream] = streams;
      const holder = await lockHolder();
      try {
        await holder.lock(stream);
        await expect(appendNext(counting, stream)).rejects.toBeInstanceOf(Unavailable);
      } finally {
        await holder.release();
      }
      expect(await store.readStream(stream)).toHaveLength(1);
      expect(await rowOf(stream)).toMatchObject({ n: 1, last_revision: 0 });
      await appendNext(counting, stream); // the store goes on once the lock is free
      expect(await rowOf(stream)).toMatchObject({ n: 2, last_revision: 1 });
      await counting.close();
    });
  });
});
