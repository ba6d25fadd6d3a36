import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
  StreamDeleted,
  StreamNotFound,
  WrongExpectedRevision,
  readStreamOrEmpty,
} from '../backend/src/eventStore/port';

/**
 * The contract every EventStore adapter must satisfy. Each case uses its own stream names
 * (random suffix), so the suite can run against a store shared with other tests.
 */
export function describeEventStoreContract(
  name: string,
  setup: () => Promise<{ store: EventStore; cleanup(): Promise<void> }>,
  options: { skipReason?: string } = {},
): void {
  const skip = Boolean(options.skipReason);
  const title = skip
    ? `EventStore contract: ${name} [skipped: ${options.skipReason}]`
    : `EventStore contract: ${name}`;

  describe.skipIf(skip)(title, () => {
    let store: EventStore;
    let cleanup: (() => Promise<void>) | undefined;
    const run = randomUUID().slice(0, 8);
    const streamName = (category: string) => `${category}${run}-${randomUUID().slice(0, 8)}`;

    beforeAll(async () => {
      const ready = await setup();
      store = ready.store;
      cleanup = ready.cleanup;
    });

    afterAll(async () => {
      await cleanup?.();
    });

    it('appends and reads back events with bigint revisions and increasing positions', async () => {
      const stream = streamName('RoundTrip');
      const first = [
        newEvent(
          'ThingCreated',
          { name: 'Ærø – ✓', n: 1, nested: { list: [1, 'two', null, true] } },
          { actorId: 'u-1' },
        ),
        newEvent('ThingRenamed', { name: 'second' }, { actorId: 'u-1', correlationId: 'c-1' }),
        newEvent('ThingTagged', { tags: [] }),
      ];
      const r1 = await store.appendToStream(stream, first, { expectedRevision: 'no_stream' });
      expect(r1.nextRevision).toBe(2n);
      expect(typeof r1.position).toBe('string');

      const read1 = await store.readStream(stream);
      expect(read1.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      for (const [i, e] of read1.entries()) {
        expect(typeof e.revision).toBe('bigint');
        expect(e.streamId).toBe(stream);
        expect(e.id).toBe(first[i].id);
        expect(e.type).toBe(first[i].type);
        expect(e.data).toEqual(first[i].data);
        expect(e.metadata).toEqual(first[i].metadata);
        expect(e.createdAt).toBeInstanceOf(Date);
        expect(Number.isNaN(e.createdAt.getTime())).toBe(false);
      }
      expectStrictlyIncreasing(read1.map((e) => e.position));
      expect(read1[2].position).toBe(r1.position);

      const second = [
        newEvent('ThingRenamed', { name: 'third' }),
        newEvent('ThingRenamed', { name: 'fourth' }),
      ];
      const r2 = await store.appendToStream(stream, second, { expectedRevision: 2n });
      expect(r2.nextRevision).toBe(4n);
      expect(r2.position > r1.position).toBe(true);

      const read2 = await store.readStream(stream);
      expect(read2.map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
      expect(read2.map((e) => e.id)).toEqual([...first, ...second].map((e) => e.id));
      expectStrictlyIncreasing(read2.map((e) => e.position));
      expect(read2[4].position).toBe(r2.position);
    });

    it('accepts and refuses each kind of expected revision', async () => {
      // no_stream
      const s1 = streamName('ExpectNoStream');
      await store.appendToStream(s1, [newEvent('A')], { expectedRevision: 'no_stream' });
      await expectWrongRevision(
        store.appendToStream(s1, [newEvent('A')], { expectedRevision: 'no_stream' }),
        s1,
        'no_stream',
        0n,
      );

      // stream_exists
      const s2 = streamName('ExpectExists');
      await expectWrongRevision(
        store.appendToStream(s2, [newEvent('A')], { expectedRevision: 'stream_exists' }),
        s2,
        'stream_exists',
        'no_stream',
      );
      await expect(store.readStream(s2)).rejects.toBeInstanceOf(StreamNotFound);
      await store.appendToStream(s2, [newEvent('A')], { expectedRevision: 'no_stream' });
      const exists = await store.appendToStream(s2, [newEvent('B')], { expectedRevision: 'stream_exists' });
      expect(exists.nextRevision).toBe(1n);

      // exact
      const s3 = streamName('ExpectExact');
      await expectWrongRevision(
        store.appendToStream(s3, [newEvent('A')], { expectedRevision: 0n }),
        s3,
        0n,
        'no_stream',
      );
      await store.appendToStream(s3, [newEvent('A')], { expectedRevision: 'no_stream' });
      const exact = await store.appendToStream(s3, [newEvent('B')], { expectedRevision: 0n });
      expect(exact.nextRevision).toBe(1n);
      await expectWrongRevision(
        store.appendToStream(s3, [newEvent('C')], { expectedRevision: 0n }),
        s3,
        0n,
        1n,
      );
      await expectWrongRevision(
        store.appendToStream(s3, [newEvent('C')], { expectedRevision: 7n }),
        s3,
        7n,
        1n,
      );
      expect((await store.readStream(s3)).map((e) => e.type)).toEqual(['A', 'B']);

      // any (and the default is any)
      const s4 = streamName('ExpectAny');
      expect(
        (await store.appendToStream(s4, [newEvent('A')], { expectedRevision: 'any' })).nextRevision,
      ).toBe(0n);
      expect(
        (await store.appendToStream(s4, [newEvent('B')], { expectedRevision: 'any' })).nextRevision,
      ).toBe(1n);
      expect((await store.appendToStream(s4, [newEvent('C')])).nextRevision).toBe(2n);
      expect((await store.readStream(s4)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('treats a retried append with the same event ids as a no-op with the same answer', async () => {
      const stream = streamName('Idempotent');
      const batch = [newEvent('A', { i: 1 }), newEvent('B', { i: 2 })];
      const r1 = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
      const r1again = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
      expect(r1again).toEqual(r1);

      const next = [newEvent('C', { i: 3 })];
      const r2 = await store.appendToStream(stream, next, { expectedRevision: 1n });
      const r2again = await store.appendToStream(stream, next, { expectedRevision: 1n });
      expect(r2again).toEqual(r2);
      expect(r2.nextRevision).toBe(2n);

      const events = await store.readStream(stream);
      expect(events.map((e) => e.id)).toEqual([...batch, ...next].map((e) => e.id));
      expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    });

    it('throws StreamNotFound when reading a stream that has no events', async () => {
      const stream = streamName('Missing');
      const error = await store.readStream(stream).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StreamNotFound);
      expect((error as StreamNotFound).streamId).toBe(stream);
      expect(await readStreamOrEmpty(store, stream)).toEqual([]);
    });

    it('reads a stream from a revision with a max count', async () => {
      const stream = streamName('Paging');
      await store.appendToStream(
        stream,
        Array.from({ length: 10 }, (_, i) => newEvent('Numbered', { i })),
        { expectedRevision: 'no_stream' },
      );
      const revisions = async (o: { fromRevision?: bigint; maxCount?: number }) =>
        (await store.readStream(stream, o)).map((e) => e.revision);
      expect(await revisions({ fromRevision: 3n, maxCount: 4 })).toEqual([3n, 4n, 5n, 6n]);
      expect(await revisions({ fromRevision: 8n })).toEqual([8n, 9n]);
      expect(await revisions({ maxCount: 2 })).toEqual([0n, 1n]);
      expect(await revisions({ fromRevision: 20n })).toEqual([]);
      const page = await store.readStream(stream, { fromRevision: 5n, maxCount: 1 });
      expect(page[0].data).toEqual({ i: 5 });
    });

    it('reads all events after a position (exclusive), in global order, with a max count', async () => {
      const stream = streamName('ReadAll');
      await store.appendToStream(
        stream,
        Array.from({ length: 5 }, (_, i) => newEvent('Numbered', { i })),
        { expectedRevision: 'no_stream' },
      );
      const written = await store.readStream(stream);
      const positions = written.map((e) => e.position);
      await visible(store, positions[4]);

      const after1 = await readAllSeeing(store, { after: positions[1], maxCount: 1_000 }, positions[4]);
      expectStrictlyIncreasing(after1.map((e) => e.position));
      expect(after1.every((e) => e.position > positions[1])).toBe(true);
      const ours = after1.filter((e) => e.streamId === stream);
      expect(ours.map((e) => e.revision)).toEqual([2n, 3n, 4n]);
      expect(ours.map((e) => e.position)).toEqual(positions.slice(2));

      // One append is contiguous in global order: the two events after revision 1 are ours.
      const two = await readAllSeeing(store, { after: positions[1], maxCount: 2 }, positions[3]);
      expect(two.map((e) => [e.streamId, e.revision])).toEqual([
        [stream, 2n],
        [stream, 3n],
      ]);

      const fromStart = await store.readAll({ maxCount: 3 });
      expect(fromStart.length).toBeGreaterThan(0);
      expect(fromStart.length).toBeLessThanOrEqual(3);
      expectStrictlyIncreasing(fromStart.map((e) => e.position));
      expect(fromStart[0].position <= positions[0]).toBe(true);
    });

    it('keeps system events out of readAll', async () => {
      const before = await store.headPosition();
      const stream = streamName('NoSystem');
      await store.appendToStream(stream, [newEvent('A')], { expectedRevision: 'no_stream' });
      await store.setStreamMetadata(stream, { owner: 'contract' });
      const b = await store.appendToStream(stream, [newEvent('B')], { expectedRevision: 0n });
      await visible(store, b.position);
      const all = await readAllSeeing(store, { after: before, maxCount: 1_000 }, b.position);
      expect(all.filter((e) => e.type.startsWith('$') || e.streamId.startsWith('$'))).toEqual([]);
      expect(all.filter((e) => e.streamId === stream).map((e) => e.type)).toEqual(['A', 'B']);
    });

    it('subscribes to all from a position: later appends, stream-prefix and event-type filters, close ends it', async () => {
      const prefix = `${streamName('SubPrefix')}-`;
      const other = streamName('SubOther');
      const wanted = `Wanted${run}`;
      const start = await store.headPosition();

      // Appended before subscribing but after `start`: delivered by catch-up.
      const early = await store.appendToStream(`${prefix}1`, [newEvent('Early')], {
        expectedRevision: 'no_stream',
      });

      const byPrefix = collector(
        store.subscribeToAll({ after: start, filter: { streamPrefixes: [prefix] } }),
      );
      const byType = collector(store.subscribeToAll({ after: start, filter: { eventTypes: [wanted] } }));
      const both = collector(
        store.subscribeToAll({ after: start, filter: { streamPrefixes: [prefix], eventTypes: [wanted] } }),
      );
      const afterEarly = collector(
        store.subscribeToAll({ after: early.position, filter: { streamPrefixes: [prefix] } }),
      );

      await store.appendToStream(other, [newEvent(wanted, { where: 'other' }), newEvent('Unwanted')]);
      await store.appendToStream(`${prefix}2`, [newEvent('Unwanted'), newEvent(wanted, { where: 'prefix' })]);
      await store.appendToStream(`${prefix}1`, [newEvent('Late')], { expectedRevision: 0n });

      await byPrefix.waitFor(4);
      await byType.waitFor(2);
      await both.waitFor(1);
      await afterEarly.waitFor(3);
      await sleep(300); // nothing else may arrive

      expect(byPrefix.events.map((e) => [e.streamId, e.type])).toEqual([
        [`${prefix}1`, 'Early'],
        [`${prefix}2`, 'Unwanted'],
        [`${prefix}2`, wanted],
        [`${prefix}1`, 'Late'],
      ]);
      expect(byType.events.map((e) => [e.streamId, e.data])).toEqual([
        [other, { where: 'other' }],
        [`${prefix}2`, { where: 'prefix' }],
      ]);
      expect(both.events.map((e) => [e.streamId, e.type])).toEqual([[`${prefix}2`, wanted]]);
      // `after` is exclusive: the event at that position is not delivered again.
      expect(afterEarly.events.map((e) => e.type)).toEqual(['Unwanted', wanted, 'Late']);
      for (const c of [byPrefix, byType, both, afterEarly]) {
        expectStrictlyIncreasing(c.events.map((e) => e.position));
        expect(c.failure).toBeUndefined();
      }

      // close() ends an idle iteration promptly and for good.
      await Promise.all([byPrefix, byType, both, afterEarly].map((c) => c.subscription.close()));
      await Promise.all(
        [byPrefix, byType, both, afterEarly].map((c) => withTimeout(c.done, 5_000, 'iteration to end')),
      );
      const count = byPrefix.events.length;
      await store.appendToStream(`${prefix}1`, [newEvent('AfterClose')], { expectedRevision: 1n });
      await sleep(200);
      expect(byPrefix.events.length).toBe(count);
    });

    it('round-trips stream metadata and honours truncateBefore on reads', async () => {
      const stream = streamName('Meta');
      expect(await store.getStreamMetadata(stream)).toEqual({});
      await store.appendToStream(
        stream,
        Array.from({ length: 4 }, (_, i) => newEvent('Numbered', { i })),
        { expectedRevision: 'no_stream' },
      );
      expect((await store.getStreamMetadata(stream)).truncateBefore).toBeUndefined();

      await store.setStreamMetadata(stream, { owner: 'contract', nested: { a: [1, 2] } });
      expect(await store.getStreamMetadata(stream)).toEqual({ owner: 'contract', nested: { a: [1, 2] } });

      await store.setStreamMetadata(stream, { truncateBefore: 2n, owner: 'contract-2' });
      const meta = await store.getStreamMetadata(stream);
      expect(meta).toEqual({ truncateBefore: 2n, owner: 'contract-2' });
      expect(typeof meta.truncateBefore).toBe('bigint');
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([2n, 3n]);
    });

    it('soft delete: reads as not found; appending again continues the revisions', async () => {
      const stream = streamName('SoftDelete');
      const old = [newEvent('A'), newEvent('B'), newEvent('C')];
      await store.appendToStream(stream, old, { expectedRevision: 'no_stream' });
      await expectWrongRevision(store.deleteStream(stream, { expectedRevision: 0n }), stream, 0n, 2n);
      expect(await store.readStream(stream)).toHaveLength(3);

      await store.deleteStream(stream, { expectedRevision: 2n });
      await expect(store.readStream(stream)).rejects.toBeInstanceOf(StreamNotFound);
      expect(await readStreamOrEmpty(store, stream)).toEqual([]);
      const deletedMeta = await store.getStreamMetadata(stream);
      expect(deletedMeta.truncateBefore).toBeDefined();
      expect((deletedMeta.truncateBefore as bigint) >= 3n).toBe(true);

      const fresh = [newEvent('D'), newEvent('E')];
      const r = await store.appendToStream(stream, fresh, { expectedRevision: 'any' });
      expect(r.nextRevision).toBe(4n);
      const events = await store.readStream(stream);
      expect(events.map((e) => e.revision)).toEqual([3n, 4n]);
      expect(events.map((e) => e.id)).toEqual(fresh.map((e) => e.id));
      expect((await store.getStreamMetadata(stream)).truncateBefore).toBe(3n);
    });

    it('tombstone: StreamDeleted on read and on append, for good', async () => {
      const stream = streamName('Tombstone');
      await store.appendToStream(stream, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
      await expectWrongRevision(store.tombstoneStream(stream, { expectedRevision: 0n }), stream, 0n, 1n);
      await store.tombstoneStream(stream, { expectedRevision: 1n });

      const readError = await store.readStream(stream).then(
        () => null,
        (e: unknown) => e,
      );
      expect(readError).toBeInstanceOf(StreamDeleted);
      expect((readError as StreamDeleted).streamId).toBe(stream);
      await expect(store.appendToStream(stream, [newEvent('C')])).rejects.toBeInstanceOf(StreamDeleted);
      await expect(
        store.appendToStream(stream, [newEvent('C')], { expectedRevision: 'no_stream' }),
      ).rejects.toBeInstanceOf(StreamDeleted);
      await expect(store.readStream(stream)).rejects.toBeInstanceOf(StreamDeleted);
    });

    it('moves headPosition forward and answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
      const before = await store.headPosition();
      const r = await store.appendToStream(streamName('Head'), [newEvent('A')], {
        expectedRevision: 'no_stream',
      });
      const after = await visible(store, r.position);
      expect(after).not.toBeNull();
      expect((after as string) >= r.position).toBe(true);
      if (before !== null) expect((after as string) > before).toBe(true);
    });

    it('concurrent writers with conflicts and stale appends: every committed event delivered exactly once, in stream order', async () => {
      const WRITERS = 20;
      const APPENDS_PER_WRITER = 25;
      const STREAMS = 10;
      const prefix = `${streamName('Conc')}-`;
      const streams = Array.from({ length: STREAMS }, (_, i) => `${prefix}${i}`);

      const start = await store.headPosition();
      const sub = collector(store.subscribeToAll({ after: start, filter: { streamPrefixes: [prefix] } }));

      const committed = new Map<string, { streamId: string; revision: bigint }>();
      const failed = new Set<string>();
      const violations: string[] = [];
      let conflicts = 0;
      let staleRefused = 0;

      async function writer(w: number) {
        const deliberatelyStale = w % 4 === 0;
        for (let n = 0; n < APPENDS_PER_WRITER; n++) {
          const streamId = streams[Math.floor(Math.random() * STREAMS)];
          for (;;) {
            const current = await currentRevision(store, streamId);
            await sleep(Math.random() * 3);

            if (deliberatelyStale && current !== 'no_stream' && Math.random() < 0.5) {
              // A revision that can never be right again: the stream only grows.
              const stale: ExpectedRevision =
                current > 0n && Math.random() < 0.5 ? current - 1n : 'no_stream';
              const events = batchFor(w, n, 'Stale');
              try {
                await store.appendToStream(streamId, events, { expectedRevision: stale });
                violations.push(`stale append on ${streamId} with ${String(stale)} succeeded`);
                record(streamId, events, null);
              } catch (error) {
                if (!(error instanceof WrongExpectedRevision)) throw error;
                staleRefused++;
                for (const e of events) failed.add(e.id);
              }
            }

            const events = batchFor(w, n, 'Written');
            try {
              const result = await store.appendToStream(streamId, events, { expectedRevision: current });
              record(streamId, events, result);
              break;
            } catch (error) {
              if (!(error instanceof WrongExpectedRevision)) throw error;
              conflicts++;
              for (const e of events) failed.add(e.id);
              await sleep(Math.random() * 2);
            }
          }
        }
      }

      function record(streamId: string, events: NewEvent[], result: AppendResult | null) {
        const last = result?.nextRevision ?? -1n;
        events.forEach((e, i) => {
          committed.set(e.id, { streamId, revision: last - BigInt(events.length - 1 - i) });
        });
      }

      await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      expect(violations).toEqual([]);
      expect(staleRefused).toBeGreaterThan(0);

      await sub.waitFor(committed.size, 15_000);
      await sleep(300); // anything extra would show up now
      await sub.subscription.close();
      await withTimeout(sub.done, 5_000, 'subscription iteration to end');
      expect(sub.failure).toBeUndefined();

      const delivered = sub.events;
      // exactly once
      const seen = new Map<string, number>();
      for (const e of delivered) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
      expect([...seen.entries()].filter(([, c]) => c !== 1)).toEqual([]);
      expect(delivered.length).toBe(committed.size);
      // every committed event, nothing else, at the revision its append answered
      for (const e of delivered) {
        const c = committed.get(e.id);
        expect(c, `delivered event ${e.id} was not committed`).toBeDefined();
        expect([e.streamId, e.revision]).toEqual([c?.streamId, c?.revision]);
        expect(failed.has(e.id)).toBe(false);
      }
      // no failed append ever delivered
      expect(delivered.filter((e) => failed.has(e.id))).toEqual([]);
      // per stream 0..n-1 in order, and the stream itself agrees
      for (const streamId of streams) {
        const revisions = delivered.filter((e) => e.streamId === streamId).map((e) => e.revision);
        expect(revisions).toEqual(revisions.map((_, i) => BigInt(i)));
        const stored = await readStreamOrEmpty(store, streamId);
        expect(stored.map((e) => e.id)).toEqual(
          delivered.filter((e) => e.streamId === streamId).map((e) => e.id),
        );
      }
      // global positions strictly increasing
      expectStrictlyIncreasing(delivered.map((e) => e.position));
      expect(committed.size).toBeGreaterThanOrEqual(WRITERS * APPENDS_PER_WRITER);
      expect(conflicts + staleRefused).toBeGreaterThan(0);
    }, 45_000);
  });
}

// ---------------------------------------------------------------------------------------------

function newEvent(type: string, data: unknown = {}, metadata: Record<string, unknown> = {}): NewEvent {
  return { id: randomUUID(), type, data, metadata };
}

function batchFor(writer: number, n: number, type: string): NewEvent[] {
  const size = Math.random() < 0.3 ? 2 : 1;
  return Array.from({ length: size }, (_, i) => newEvent(type, { writer, n, i }, { writer }));
}

async function currentRevision(store: EventStore, streamId: string): Promise<bigint | 'no_stream'> {
  const events = await readStreamOrEmpty(store, streamId);
  return events.length === 0 ? 'no_stream' : events[events.length - 1].revision;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function expectStrictlyIncreasing(positions: string[]) {
  const bad = positions.findIndex((p, i) => i > 0 && !(p > positions[i - 1]));
  expect(
    bad,
    `positions not strictly increasing at index ${bad}: ${positions.slice(Math.max(0, bad - 1), bad + 1).join(' , ')}`,
  ).toBe(-1);
}

async function expectWrongRevision(
  promise: Promise<unknown>,
  streamId: string,
  expected: ExpectedRevision,
  actual: bigint | 'no_stream',
) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevision);
  const wrong = error as WrongExpectedRevision;
  expect({ streamId: wrong.streamId, expected: wrong.expected, actual: wrong.actual }).toEqual({
    streamId,
    expected,
    actual,
  });
}

interface Collector {
  subscription: Subscription;
  events: RecordedEvent[];
  failure: unknown;
  /** settles when the iteration ends (never rejects; see `failure`) */
  done: Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
}

function collector(subscription: Subscription): Collector {
  const c: Collector = {
    subscription,
    events: [],
    failure: undefined,
    done: Promise.resolve(),
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (c.events.length < count) {
        if (c.failure !== undefined) throw c.failure;
        if (Date.now() > deadline) {
          throw new Error(
            `Subscription delivered ${c.events.length} of ${count} events within ${timeoutMs} ms`,
          );
        }
        await sleep(10);
      }
    },
  };
  c.done = (async () => {
    try {
      for await (const event of subscription) c.events.push(event);
    } catch (error) {
      c.failure = error;
    }
  })();
  return c;
}

/**
 * Waits until readers can see `position`. EventStoreDB shows an event at once; the PostgreSQL
 * store shows it once every transaction that started before it has ended (its safe global
 * order), which on a shared server includes other databases' transactions. Answers the head
 * position it saw.
 */
async function visible(store: EventStore, position: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const head = (await store.headPosition()) ?? '';
    if (head >= position) return head;
    if (Date.now() > deadline) throw new Error(`position ${position} never became visible`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * `readAll` that includes `position` (or is full). The PostgreSQL store's safe horizon is not
 * monotonic from one statement to the next: a running transaction whose database it cannot tell
 * at that instant (say, a backend of another database that pg_stat_activity did not list
 * then) is kept, which holds readers back for that statement only (platform.md,
 * "Safe horizon scoped to the database"). In CI a read right after `visible` saw a position once
 * returned none of the events up to it. The read is repeated for up to 10 s; the assertions see
 * the last one.
 */
async function readAllSeeing(
  store: EventStore,
  opts: { after?: string | null; maxCount: number },
  position: string,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events = await store.readAll(opts);
    if (events.length === opts.maxCount || events.some((e) => e.position >= position)) return events;
    if (Date.now() > deadline) return events;
    await new Promise((r) => setTimeout(r, 10));
  }
}
