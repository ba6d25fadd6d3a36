import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import {
  DeadlineExceededError,
  StreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type EventData,
  type Position,
} from '@eventstore/db-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ESDB_DELETED_STREAM_TB,
  comparePositions,
  createEventStoreDbStoreWithClient,
  formatPosition,
  fromEsdbMetadata,
  isSystemEvent,
  mapEsdbError,
  parsePosition,
  toEsdbExpectedRevision,
  toEsdbFilter,
  toEsdbMetadata,
  type EsdbClient,
} from './eventStoreDb';
import { EventStoreError, StreamDeleted, StreamNotFound, Unavailable, WrongExpectedRevision } from './port';

const UINT64_MAX = (1n << 64n) - 1n;
const pos = (commit: bigint, prepare = commit): Position => ({ commit, prepare });

describe('EventStoreDB positions', () => {
  it('formats {commit, prepare} as two 20-digit zero-padded parts', () => {
    expect(formatPosition(pos(0n))).toBe('00000000000000000000:00000000000000000000');
    expect(formatPosition(pos(1234n, 1200n))).toBe('00000000000000001234:00000000000000001200');
    expect(formatPosition(pos(UINT64_MAX))).toBe('18446744073709551615:18446744073709551615');
    expect(() => formatPosition(pos(-1n))).toThrow(RangeError);
    expect(() => formatPosition(pos(UINT64_MAX + 1n))).toThrow(RangeError);
  });

  it('parses what it formats, and refuses anything else', () => {
    const uint64 = fc.bigInt({ min: 0n, max: UINT64_MAX });
    fc.assert(
      fc.property(uint64, uint64, (commit, prepare) => {
        expect(parsePosition(formatPosition({ commit, prepare }))).toEqual({ commit, prepare });
      }),
    );
    expect(parsePosition('12:7')).toEqual(pos(12n, 7n));
    for (const bad of [
      '',
      '1',
      '1:',
      ':1',
      '1:2:3',
      'a:b',
      '-1:0',
      '1 :2',
      '18446744073709551616:0',
      '123456789012345678901:0',
    ]) {
      expect(() => parsePosition(bad), bad).toThrow(EventStoreError);
    }
  });

  it('sorts lexicographically exactly as (commit, prepare) sorts numerically', () => {
    const uint64 = fc.bigInt({ min: 0n, max: UINT64_MAX });
    const small = fc.bigInt({ min: 0n, max: 5_000n });
    const position = fc.oneof(
      fc.record({ commit: uint64, prepare: uint64 }),
      fc.record({ commit: small, prepare: small }),
    );
    fc.assert(
      fc.property(fc.array(position, { maxLength: 40 }), (positions) => {
        const byNumbers = [...positions].sort(comparePositions).map(formatPosition);
        const byStrings = positions.map(formatPosition).sort();
        expect(byStrings).toEqual(byNumbers);
      }),
    );
    expect(formatPosition(pos(9n)) < formatPosition(pos(10n))).toBe(true);
    expect(formatPosition(pos(10n, 9n)) < formatPosition(pos(10n, 10n))).toBe(true);
    expect(comparePositions(pos(10n, 1n), pos(10n, 1n))).toBe(0);
  });
});

describe('EventStoreDB expected revisions', () => {
  it('maps any / no_stream / stream_exists / bigint', () => {
    expect(toEsdbExpectedRevision('any')).toBe('any');
    expect(toEsdbExpectedRevision('no_stream')).toBe('no_stream');
    expect(toEsdbExpectedRevision('stream_exists')).toBe('stream_exists');
    expect(toEsdbExpectedRevision(0n)).toBe(0n);
    expect(toEsdbExpectedRevision(41n)).toBe(41n);
    expect(() => toEsdbExpectedRevision(-1n)).toThrow(RangeError);
  });
});

describe('EventStoreDB error mapping', () => {
  it('maps WrongExpectedVersion to WrongExpectedRevision with the actual revision', () => {
    const wrong = new WrongExpectedVersionError(undefined, {
      streamName: 'User-1',
      expected: 3n,
      current: 5n,
    });
    const mapped = mapEsdbError(wrong, { streamId: 'User-1', expected: 3n });
    expect(mapped).toBeInstanceOf(WrongExpectedRevision);
    expect(mapped).toMatchObject({ streamId: 'User-1', expected: 3n, actual: 5n });

    const noStream = new WrongExpectedVersionError(undefined, {
      streamName: 'User-2',
      expected: 'stream_exists',
      current: 'no_stream',
    });
    expect(mapEsdbError(noStream)).toMatchObject({
      streamId: 'User-2',
      expected: 'stream_exists',
      actual: 'no_stream',
    });

    const negative = new WrongExpectedVersionError(undefined, {
      streamName: 'User-3',
      expected: 0n,
      current: -1n,
    });
    expect(mapEsdbError(negative, { streamId: 'User-3', expected: 0n })).toMatchObject({
      actual: 'no_stream',
    });
  });

  it('maps not found, deleted and unavailability errors', () => {
    expect(mapEsdbError(new StreamNotFoundError(undefined, 'User-1'))).toEqual(new StreamNotFound('User-1'));
    const notFound = mapEsdbError(new StreamNotFoundError(undefined, 'x'), { streamId: 'User-9' });
    expect(notFound).toBeInstanceOf(StreamNotFound);
    expect((notFound as StreamNotFound).streamId).toBe('User-9');
    expect(mapEsdbError(StreamDeletedError.fromStreamName('User-1'))).toEqual(new StreamDeleted('User-1'));

    for (const error of [
      new UnavailableError(),
      new DeadlineExceededError(),
      // a raw gRPC status error, as the channel reports a refused connection
      Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
        code: 14,
        details: 'No connection established',
      }),
      new Error('Failed to discover after 10 attempts.'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2113'), { code: 'ECONNREFUSED' }),
    ]) {
      const mapped = mapEsdbError(error);
      expect(mapped, String(error)).toBeInstanceOf(Unavailable);
      expect((mapped as Unavailable).cause).toBe(error);
    }
  });

  it('leaves port errors and unknown errors alone', () => {
    const own = new StreamNotFound('User-1');
    expect(mapEsdbError(own)).toBe(own);
    const other = new TypeError('boom');
    expect(mapEsdbError(other)).toBe(other);
    expect(mapEsdbError(new UnknownError())).toBeInstanceOf(UnknownError);
  });
});

describe('EventStoreDB filters and metadata', () => {
  it('recognises system events', () => {
    expect(isSystemEvent({ streamId: '$$User-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: 'User-1', type: '$streamDeleted' })).toBe(true);
    expect(isSystemEvent({ streamId: '$stats-127.0.0.1:2113', type: 'StatsCollected' })).toBe(true);
    expect(isSystemEvent({ streamId: 'User-1', type: 'UserRegistered' })).toBe(false);
  });

  it('builds the server-side filter', () => {
    expect(toEsdbFilter({ streamPrefixes: ['User-', 'Onboarding-'] })).toMatchObject({
      filterOn: 'streamName',
      prefixes: ['User-', 'Onboarding-'],
    });
    const byType = toEsdbFilter({ eventTypes: ['UserRegistered', 'a.b+c'] });
    expect(byType).toMatchObject({ filterOn: 'eventType' });
    const regex = new RegExp((byType as { regex: string }).regex);
    expect(regex.test('UserRegistered')).toBe(true);
    expect(regex.test('a.b+c')).toBe(true);
    expect(regex.test('UserRegisteredTwice')).toBe(false);
    expect(regex.test('aXb+c')).toBe(false);
    // both: prefixes on the server, types client-side
    expect(toEsdbFilter({ streamPrefixes: ['User-'], eventTypes: ['X'] })).toMatchObject({
      filterOn: 'streamName',
    });
    expect(toEsdbFilter()).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
  });

  it('maps stream metadata both ways', () => {
    expect(fromEsdbMetadata(undefined)).toEqual({});
    expect(fromEsdbMetadata({ truncateBefore: 3, owner: 'x' })).toEqual({ truncateBefore: 3n, owner: 'x' });
    // soft delete writes long.MaxValue, which JSON.parse rounds
    expect(fromEsdbMetadata({ truncateBefore: Number(ESDB_DELETED_STREAM_TB) })).toEqual({
      truncateBefore: ESDB_DELETED_STREAM_TB,
    });
    expect(toEsdbMetadata({ truncateBefore: 2n, owner: 'x' })).toEqual({ truncateBefore: 2, owner: 'x' });
    expect(toEsdbMetadata({ owner: 'x' })).toEqual({ owner: 'x' });
    expect(() => toEsdbMetadata({ truncateBefore: -1n })).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// The adapter's own logic (paging, system events, exclusivity, subscriptions) against a small
// in-memory stand-in for the client. It mimics the server where the adapter relies on it:
// reads from a position include the event at that position.

interface FakeEvent {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  isJson: true;
  created: Date;
  position: Position;
}

type FakeSubscription = PassThrough & { unsubscribe(): Promise<void>; unsubscribed: boolean };

class FakeEsdb {
  log: FakeEvent[] = [];
  subscriptions: FakeSubscription[] = [];
  lastAllRead: unknown;
  /** what the append response carries: the server's commit/transaction pair, like ESDB */
  appendResponse: 'transaction-pair' | 'none' = 'transaction-pair';
  private next = 1_000n;

  add(streamId: string, type: string, data: unknown = {}, id: string = randomUUID()): FakeEvent {
    const revision = BigInt(this.log.filter((e) => e.streamId === streamId).length);
    this.next += 137n;
    const event: FakeEvent = {
      streamId,
      id,
      revision,
      type,
      data,
      metadata: {},
      isJson: true,
      created: new Date(),
      position: pos(this.next, this.next - 5n),
    };
    this.log.push(event);
    for (const s of this.subscriptions) if (!s.unsubscribed) s.write({ event });
    return event;
  }

  private readable<T>(items: T[]) {
    return Object.assign(Readable.from(items), { cancel: async () => undefined });
  }

  private failing(error: Error) {
    const r = new Readable({ objectMode: true, read() {} });
    process.nextTick(() => r.destroy(error));
    return Object.assign(r, { cancel: async () => undefined });
  }

  client(): EsdbClient {
    const fake = {
      readAll: (o: { fromPosition?: unknown; direction?: string; maxCount?: number } = {}) => {
        this.lastAllRead = o;
        const max = o.maxCount ?? Number.MAX_SAFE_INTEGER;
        let events = [...this.log];
        if (o.direction === 'backwards') {
          events.reverse();
          if (o.fromPosition && typeof o.fromPosition === 'object') {
            const from = o.fromPosition as Position;
            events = events.filter((e) => comparePositions(e.position, from) <= 0);
          }
        } else if (o.fromPosition && typeof o.fromPosition === 'object') {
          const from = o.fromPosition as Position;
          events = events.filter((e) => comparePositions(e.position, from) >= 0);
        }
        return this.readable(events.slice(0, max).map((event) => ({ event })));
      },
      readStream: (
        name: string,
        o: { fromRevision?: unknown; direction?: string; maxCount?: number } = {},
      ) => {
        let events = this.log.filter((e) => e.streamId === name);
        if (events.length === 0) return this.failing(new StreamNotFoundError(undefined, name));
        if (o.direction === 'backwards') events = events.reverse();
        else if (typeof o.fromRevision === 'bigint')
          events = events.filter((e) => e.revision >= (o.fromRevision as bigint));
        return this.readable(
          events.slice(0, o.maxCount ?? Number.MAX_SAFE_INTEGER).map((event) => ({ event })),
        );
      },
      appendToStream: async (
        name: string,
        events: EventData[],
        o: { expectedRevision?: AppendExpectedRevision } = {},
      ) => {
        const existing = this.log.filter((e) => e.streamId === name);
        const current = existing.length ? existing[existing.length - 1].revision : 'no_stream';
        const already = existing.filter((e) => events.some((n) => n.id === e.id));
        if (already.length === events.length) {
          // idempotent: the server answers the original revision and no position
          return {
            success: true,
            nextExpectedRevision: already[already.length - 1].revision,
            position: undefined,
          };
        }
        const expected = o.expectedRevision ?? 'any';
        const ok =
          expected === 'any' ||
          (expected === 'no_stream' && current === 'no_stream') ||
          (expected === 'stream_exists' && current !== 'no_stream') ||
          expected === current;
        if (!ok) throw new WrongExpectedVersionError(undefined, { streamName: name, expected, current });
        const written = events.map((e) => this.add(name, e.type, e.data, e.id));
        const first = written[0];
        const last = written[written.length - 1];
        return {
          success: true,
          nextExpectedRevision: last.revision,
          position:
            this.appendResponse === 'none' ? undefined : pos(last.position.commit, first.position.prepare),
        };
      },
      subscribeToAll: (o: { fromPosition?: unknown } = {}) => {
        const s = Object.assign(new PassThrough({ objectMode: true }), {
          unsubscribed: false,
          unsubscribe: async () => {
            s.unsubscribed = true;
            s.end();
          },
        }) as FakeSubscription;
        // catch-up: the fake includes the event at the start position, like reads do
        const from =
          o.fromPosition && typeof o.fromPosition === 'object' ? (o.fromPosition as Position) : null;
        for (const event of this.log)
          if (!from || comparePositions(event.position, from) >= 0) s.write({ event });
        this.subscriptions.push(s);
        return s;
      },
      deleteStream: async () => ({}),
      tombstoneStream: async () => ({}),
      getStreamMetadata: async (streamName: string) => ({ streamName }),
      setStreamMetadata: async () => ({ success: true, nextExpectedRevision: 0n }),
      dispose: async () => undefined,
    };
    return fake as unknown as EsdbClient;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventStoreDB adapter logic (in-memory client)', () => {
  it('readAll skips system events, treats `after` as exclusive, pages, and honours maxCount', async () => {
    const fake = new FakeEsdb();
    const store = createEventStoreDbStoreWithClient(fake.client());
    fake.add('$$User-1', '$metadata');
    const a = fake.add('User-1', 'A');
    for (let i = 0; i < 150; i++) fake.add(`$stats-${i}`, 'StatsCollected'); // more than one page
    fake.add('User-1', '$streamDeleted');
    const b = fake.add('User-2', 'B');
    const c = fake.add('User-2', 'C');

    const all = await store.readAll();
    expect(all.map((e) => e.type)).toEqual(['A', 'B', 'C']);
    expect(all[0].position).toBe(formatPosition(a.position));

    const afterA = await store.readAll({ after: formatPosition(a.position) });
    expect(afterA.map((e) => e.id)).toEqual([b.id, c.id]);
    expect(await store.readAll({ after: formatPosition(a.position), maxCount: 1 })).toHaveLength(1);
    expect(await store.readAll({ after: formatPosition(c.position) })).toEqual([]);
    expect(await store.readAll({ maxCount: 0 })).toEqual([]);
  });

  it('headPosition skips system events at the end of the log, across pages', async () => {
    const fake = new FakeEsdb();
    const store = createEventStoreDbStoreWithClient(fake.client());
    expect(await store.headPosition()).toBeNull();
    fake.add('$stats-x', 'StatsCollected');
    expect(await store.headPosition()).toBeNull();
    const last = fake.add('User-1', 'A');
    for (let i = 0; i < 250; i++) fake.add('$stats-x', 'StatsCollected');
    expect(await store.headPosition()).toBe(formatPosition(last.position));
  });

  it('answers an idempotent retry with the original position, read from the stream', async () => {
    const fake = new FakeEsdb();
    const store = createEventStoreDbStoreWithClient(fake.client());
    const events = [
      { id: randomUUID(), type: 'A', data: { n: 1 }, metadata: {} },
      { id: randomUUID(), type: 'B', data: { n: 2 }, metadata: {} },
    ];
    const first = await store.appendToStream('User-1', events, { expectedRevision: 'no_stream' });
    fake.add('User-1', 'C');
    const again = await store.appendToStream('User-1', events, { expectedRevision: 'no_stream' });
    expect(again).toEqual(first);
    expect(first.nextRevision).toBe(1n);
  });

  it('answers the position readers will see, not the append response pair', async () => {
    const fake = new FakeEsdb();
    const store = createEventStoreDbStoreWithClient(fake.client());
    const result = await store.appendToStream('User-1', [
      { id: randomUUID(), type: 'A', data: {}, metadata: {} },
      { id: randomUUID(), type: 'B', data: {}, metadata: {} },
    ]);
    const read = await store.readStream('User-1');
    expect(result).toEqual({ nextRevision: 1n, position: read[1].position });
    const [fromAll] = await store.readAll({ after: read[0].position });
    expect(fromAll.position).toBe(result.position);
  });

  it('maps append and read failures to port errors', async () => {
    const fake = new FakeEsdb();
    const store = createEventStoreDbStoreWithClient(fake.client());
    await expect(store.readStream('User-404')).rejects.toEqual(new StreamNotFound('User-404'));
    await store.appendToStream('User-1', [{ id: randomUUID(), type: 'A', data: {}, metadata: {} }]);
    const error = await store
      .appendToStream('User-1', [{ id: randomUUID(), type: 'B', data: {}, metadata: {} }], {
        expectedRevision: 'no_stream',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevision);
    expect(error).toMatchObject({ streamId: 'User-1', expected: 'no_stream', actual: 0n });
  });

  it('subscribeToAll: exclusive start, filters, system events skipped, close ends a pending iteration', async () => {
    const fake = new FakeEsdb();
    const store = createEventStoreDbStoreWithClient(fake.client());
    const start = fake.add('User-1', 'A');
    const sub = store.subscribeToAll({
      after: formatPosition(start.position),
      filter: { streamPrefixes: ['User-'], eventTypes: ['B', 'C'] },
    });
    const got: string[] = [];
    const done = (async () => {
      for await (const e of sub) got.push(`${e.streamId}/${e.type}`);
    })();
    fake.add('User-1', 'B');
    fake.add('$$User-1', '$metadata');
    fake.add('Other-1', 'B');
    fake.add('User-2', 'X');
    fake.add('User-2', 'C');
    await sleep(20);
    expect(got).toEqual(['User-1/B', 'User-2/C']);
    await sub.close();
    await done;
    expect(fake.subscriptions[0].unsubscribed).toBe(true);
    fake.add('User-3', 'B');
    await sleep(10);
    expect(got).toHaveLength(2);
  });

  it('subscribeToAll: delivers buffered events, then the mapped error; a server-ended stream is Unavailable', async () => {
    const fake = new FakeEsdb();
    const store = createEventStoreDbStoreWithClient(fake.client());
    fake.add('User-1', 'A');
    const sub = store.subscribeToAll();
    fake.subscriptions[0].destroy(new UnavailableError());
    const got: string[] = [];
    const failure = await (async () => {
      for await (const e of sub) got.push(e.type);
    })().catch((e: unknown) => e);
    expect(got).toEqual(['A']);
    expect(failure).toBeInstanceOf(Unavailable);

    const sub2 = store.subscribeToAll();
    fake.subscriptions[1].end();
    const failure2 = await (async () => {
      for await (const _ of sub2) {
        /* drain */
      }
    })().catch((e: unknown) => e);
    expect(failure2).toBeInstanceOf(Unavailable);
  });

  it('breaking out of for-await closes the subscription', async () => {
    const fake = new FakeEsdb();
    const store = createEventStoreDbStoreWithClient(fake.client());
    fake.add('User-1', 'A');
    fake.add('User-1', 'B');
    const sub = store.subscribeToAll();
    for await (const e of sub) {
      expect(e.type).toBe('A');
      break;
    }
    expect(fake.subscriptions[0].unsubscribed).toBe(true);
  });
});
