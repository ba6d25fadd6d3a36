import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  CancelledError,
  DeadlineExceededError,
  EventStoreDBClient,
  NotLeaderError,
  StreamDeletedError,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  convertToCommandError,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type ExpectedRevision as EsdbDeleteExpectedRevision,
  type Filter,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
  type StreamMetadata as EsdbStreamMetadata,
} from '@eventstore/db-client';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamMetadata,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionFilter,
  EventStoreError,
  StreamDeleted,
  StreamNotFound,
  Unavailable,
  WrongExpectedRevision,
  streamMatches,
} from './port';

/**
 * EventStoreDB (KurrentDB) adapter of the event store port, through `@eventstore/db-client`.
 *
 * Positions: ESDB's transaction-log position `{ commit, prepare }` becomes the opaque string
 * `<commit>:<prepare>`, each part zero-padded to 20 decimal digits (a uint64 has at most 20),
 * so the strings sort lexicographically in log order.
 *
 * `$all` carries system events (`$`-prefixed types such as `$metadata`, `$streamDeleted`,
 * stats, and everything in `$`-prefixed streams, e.g. `$$<stream>` metadata streams): the port
 * is about domain events only, so readAll, subscribeToAll and headPosition skip them.
 */

// ---------------------------------------------------------------------------------------------
// Pure helpers (unit-tested)

const DIGITS = 20;
const UINT64_MAX = (1n << 64n) - 1n;
/** ESDB's "soft deleted" truncate-before marker: long.MaxValue */
export const ESDB_DELETED_STREAM_TB = (1n << 63n) - 1n;

export function formatPosition(position: Position): string {
  const part = (n: bigint) => {
    if (n < 0n || n > UINT64_MAX) throw new RangeError(`EventStoreDB position part out of range: ${n}`);
    return n.toString(10).padStart(DIGITS, '0');
  };
  return `${part(position.commit)}:${part(position.prepare)}`;
}

export function parsePosition(position: string): Position {
  const match = /^(\d{1,20}):(\d{1,20})$/.exec(position);
  if (!match) throw new EventStoreError(`Invalid EventStoreDB position: ${JSON.stringify(position)}`);
  const commit = BigInt(match[1]);
  const prepare = BigInt(match[2]);
  if (commit > UINT64_MAX || prepare > UINT64_MAX) {
    throw new EventStoreError(`Invalid EventStoreDB position: ${JSON.stringify(position)}`);
  }
  return { commit, prepare };
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (typeof expected !== 'bigint' || expected < 0n || expected > UINT64_MAX) {
        throw new RangeError(`Invalid expected revision: ${String(expected)}`);
      }
      return expected;
  }
}

function fromEsdbRevision(value: unknown): bigint | 'no_stream' {
  if (typeof value === 'bigint') return value < 0n ? 'no_stream' : value;
  if (typeof value === 'number' && Number.isInteger(value)) return value < 0 ? 'no_stream' : BigInt(value);
  return 'no_stream';
}

function fromEsdbExpected(value: unknown): ExpectedRevision {
  if (value === ANY || value === NO_STREAM || value === STREAM_EXISTS) return value;
  if (typeof value === 'bigint') return value < 0n ? 'no_stream' : value;
  return 'any';
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);

/**
 * Maps a client error to the port's errors. `context` carries what the caller knows better
 * than the error (the stream name as the caller spelled it, the port's expected revision).
 * Anything unrecognised is returned unchanged.
 */
export function mapEsdbError(
  error: unknown,
  context: { streamId?: string; expected?: ExpectedRevision } = {},
): unknown {
  if (error instanceof EventStoreError) return error;
  const converted = error instanceof Error ? convertToCommandError(error) : error;
  if (converted instanceof WrongExpectedVersionError) {
    return new WrongExpectedRevision(
      context.streamId ?? converted.streamName,
      context.expected ?? fromEsdbExpected(converted.expectedVersion),
      fromEsdbRevision(converted.actualVersion),
    );
  }
  if (converted instanceof StreamNotFoundError)
    return new StreamNotFound(context.streamId ?? converted.streamName);
  if (converted instanceof StreamDeletedError)
    return new StreamDeleted(context.streamId ?? converted.streamName);
  if (
    converted instanceof UnavailableError ||
    converted instanceof DeadlineExceededError ||
    converted instanceof TimeoutError ||
    converted instanceof NotLeaderError ||
    converted instanceof CancelledError
  ) {
    return new Unavailable(`EventStoreDB unavailable: ${converted.message || converted.type}`, {
      cause: error,
    });
  }
  if (converted instanceof Error) {
    const code = (converted as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) {
      return new Unavailable(`EventStoreDB unavailable: ${converted.message}`, { cause: error });
    }
    // Cluster discovery gives up with a plain Error.
    if (/Failed to discover after/i.test(converted.message)) {
      return new Unavailable(`EventStoreDB unavailable: ${converted.message}`, { cause: error });
    }
  }
  return converted;
}

/** System events: `$`-prefixed types (metadata, tombstones, links, stats) and `$` streams. */
export function isSystemEvent(event: { streamId: string; type: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The server-side filter for a subscription. ESDB filters on one thing (stream name or event
 * type); when both are asked for, the stream prefixes go to the server and the event types are
 * checked client-side (every delivered event is checked client-side anyway, with
 * `streamMatches`, so the server filter only saves bandwidth).
 */
export function toEsdbFilter(filter?: SubscriptionFilter): Filter {
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0) {
    return streamNameFilter({ prefixes: [...filter.streamPrefixes] });
  }
  if (filter?.eventTypes && filter.eventTypes.length > 0) {
    return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$` });
  }
  return excludeSystemEvents();
}

/** ESDB metadata (as the client reads it: `$tb` already renamed to `truncateBefore`) → port. */
export function fromEsdbMetadata(metadata: Record<string, unknown> | undefined): StreamMetadata {
  if (!metadata) return {};
  const { truncateBefore, ...rest } = metadata;
  const result: StreamMetadata = { ...rest };
  if (typeof truncateBefore === 'number' && Number.isFinite(truncateBefore)) {
    // Soft delete writes long.MaxValue, which JSON.parse cannot hold exactly.
    result.truncateBefore =
      truncateBefore >= Number.MAX_SAFE_INTEGER ? ESDB_DELETED_STREAM_TB : BigInt(Math.trunc(truncateBefore));
  } else if (typeof truncateBefore === 'bigint') {
    result.truncateBefore = truncateBefore;
  }
  return result;
}

/** port → the client's metadata shape (the client renames `truncateBefore` to `$tb`). */
export function toEsdbMetadata(metadata: StreamMetadata): EsdbStreamMetadata {
  const { truncateBefore, ...rest } = metadata;
  const result: EsdbStreamMetadata = { ...rest };
  if (truncateBefore !== undefined) {
    if (
      typeof truncateBefore !== 'bigint' ||
      truncateBefore < 0n ||
      truncateBefore > BigInt(Number.MAX_SAFE_INTEGER)
    ) {
      throw new RangeError(`Invalid truncateBefore: ${String(truncateBefore)}`);
    }
    result.truncateBefore = Number(truncateBefore);
  }
  return result;
}

function toEventData(event: NewEvent): EventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    // The client JSON.stringifies data; the port's data is any JSON value.
    data: (event.data ?? {}) as Record<string, unknown>,
    metadata: event.metadata ?? {},
  };
}

type AnyRecordedEvent = EsdbRecordedEvent & { position?: Position };

function toRecordedEvent(event: AnyRecordedEvent, commitPosition?: bigint): RecordedEvent {
  const position =
    event.position ??
    (commitPosition !== undefined ? { commit: commitPosition, prepare: commitPosition } : undefined);
  if (!position) {
    throw new EventStoreError(
      `EventStoreDB returned event ${event.id} without a position (server older than 22.6?)`,
    );
  }
  const metadata = event.metadata;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position: formatPosition(position),
    type: event.type,
    data: event.data,
    metadata:
      metadata &&
      typeof metadata === 'object' &&
      !Array.isArray(metadata) &&
      !(metadata instanceof Uint8Array)
        ? (metadata as Record<string, unknown>)
        : {},
    createdAt: event.created,
  };
}

// ---------------------------------------------------------------------------------------------
// Adapter

/** The part of the client the adapter uses (lets unit tests pass a fake). */
export type EsdbClient = Pick<
  EventStoreDBClient,
  | 'appendToStream'
  | 'readStream'
  | 'readAll'
  | 'subscribeToAll'
  | 'getStreamMetadata'
  | 'setStreamMetadata'
  | 'deleteStream'
  | 'tombstoneStream'
  | 'dispose'
>;

export function createEventStoreDbStore(
  connectionString: string,
  hooks: { onAppended?: (events: NewEvent[]) => void } = {},
): EventStore {
  return createEventStoreDbStoreWithClient(EventStoreDBClient.connectionString(connectionString), hooks);
}

const PING_DEADLINE_MS = 5_000;
const SUBSCRIPTION_HIGH_WATER = 1_000;
const SUBSCRIPTION_LOW_WATER = 100;

export function createEventStoreDbStoreWithClient(
  client: EsdbClient,
  hooks: { onAppended?: (events: NewEvent[]) => void } = {},
): EventStore {
  const openSubscriptions = new Set<Subscription>();

  async function collect<T>(read: AsyncIterable<T>, context: { streamId?: string } = {}): Promise<T[]> {
    const out: T[] = [];
    try {
      for await (const item of read) out.push(item);
    } catch (error) {
      throw mapEsdbError(error, context);
    }
    return out;
  }

  /** last event of a stream (revision and position), null when it has none */
  async function lastEventOf(streamId: string): Promise<RecordedEvent | null> {
    try {
      const [resolved] = await collect(
        client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 }),
        { streamId },
      );
      return resolved?.event ? toRecordedEvent(resolved.event, resolved.commitPosition) : null;
    } catch (error) {
      if (error instanceof StreamNotFound) return null;
      throw error;
    }
  }

  async function positionOfRevision(streamId: string, revision: bigint): Promise<string | null> {
    const [resolved] = await collect(client.readStream(streamId, { fromRevision: revision, maxCount: 1 }), {
      streamId,
    });
    return resolved?.event ? toRecordedEvent(resolved.event, resolved.commitPosition).position : null;
  }

  function checkExpected(streamId: string, expected: ExpectedRevision, current: bigint | 'no_stream') {
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === 'no_stream') ||
      (expected === 'stream_exists' && current !== 'no_stream') ||
      (typeof expected === 'bigint' && expected === current);
    if (!ok) throw new WrongExpectedRevision(streamId, expected, current);
  }

  async function appendToStream(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    const esdbExpected = toEsdbExpectedRevision(expected);
    if (events.length === 0) {
      // Nothing to write: answer the current state after checking the expectation.
      const last = await lastEventOf(streamId);
      checkExpected(streamId, expected, last ? last.revision : 'no_stream');
      return {
        nextRevision: last ? last.revision : -1n,
        position: last?.position ?? (await headPosition()) ?? formatPosition({ commit: 0n, prepare: 0n }),
      };
    }
    let result;
    try {
      result = await client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: esdbExpected,
      });
    } catch (error) {
      throw mapEsdbError(error, { streamId, expected });
    }
    if (!result.success) {
      // Only when the client is built with throwOnAppendFailure: false; kept for safety.
      throw new WrongExpectedRevision(streamId, expected, fromEsdbRevision(result.nextExpectedRevision));
    }
    const nextRevision = result.nextExpectedRevision;
    // An idempotent retry answers without a position: nothing new was recorded.
    if (result.position) hooks.onAppended?.(events);
    // The port answers the position of the last appended event as readers will see it. The
    // append response is not that: an idempotent retry carries no position, and for a
    // multi-event append the server answers its commit/transaction pair, which need not equal
    // the last event's `$all` position. So read it back (stream reads carry the `$all`
    // position since server 22.6); the response is only a fallback.
    // The events are written either way: a failed read-back falls back to the response.
    let position: string | null = null;
    let readBackError: unknown = null;
    try {
      position = await positionOfRevision(streamId, nextRevision);
    } catch (error) {
      if (!(error instanceof EventStoreError)) throw error;
      readBackError = error;
    }
    position ??= result.position ? formatPosition(result.position) : null;
    if (!position) {
      throw (
        readBackError ?? new EventStoreError(`EventStoreDB gave no position for ${streamId}@${nextRevision}`)
      );
    }
    return { nextRevision, position };
  }

  async function readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) {
      // Still answer StreamNotFound/StreamDeleted like a real read would.
      await collect(client.readStream(streamId, { maxCount: 1 }), { streamId });
      return [];
    }
    const resolved = await collect(
      client.readStream(streamId, {
        fromRevision: options.fromRevision ?? START,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
        direction: FORWARDS,
      }),
      { streamId },
    );
    const out: RecordedEvent[] = [];
    for (const r of resolved) if (r.event) out.push(toRecordedEvent(r.event, r.commitPosition));
    return out;
  }

  async function readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (limit <= 0) return [];
    let cursor: Position | null = options.after ? parsePosition(options.after) : null;
    const pageSize = Math.min(1_000, Math.max(64, Number.isFinite(limit) ? limit + 1 : 1_000));
    const out: RecordedEvent[] = [];
    for (;;) {
      const fromPosition: ReadPosition = cursor ?? START;
      const page: AllStreamResolvedEvent[] = await collect(
        client.readAll({ fromPosition, maxCount: pageSize, direction: FORWARDS }),
      );
      let progressed = false;
      for (const r of page) {
        const event = r.event;
        if (!event) continue;
        // Reads from a position include the event at it: the port's `after` is exclusive.
        if (cursor && comparePositions(event.position, cursor) <= 0) continue;
        cursor = event.position;
        progressed = true;
        if (isSystemEvent(event)) continue;
        out.push(toRecordedEvent(event));
        if (out.length >= limit) return out;
      }
      if (page.length < pageSize || !progressed) return out;
    }
  }

  async function headPosition(): Promise<string | null> {
    let cursor: Position | null = null;
    const pageSize = 100;
    for (;;) {
      const fromPosition: ReadPosition = cursor ?? END;
      const page: AllStreamResolvedEvent[] = await collect(
        client.readAll({ fromPosition, maxCount: pageSize, direction: BACKWARDS }),
      );
      let progressed = false;
      for (const r of page) {
        const event = r.event;
        if (!event) continue;
        if (cursor && comparePositions(event.position, cursor) >= 0) continue;
        cursor = event.position;
        progressed = true;
        if (!isSystemEvent(event)) return formatPosition(event.position);
      }
      if (page.length < pageSize || !progressed) return null;
    }
  }

  function subscribeToAll(options: SubscribeOptions = {}): Subscription {
    const filter = options.filter;
    let cursor: Position | null = options.after ? parsePosition(options.after) : null;
    const inner = client.subscribeToAll({ fromPosition: cursor ?? START, filter: toEsdbFilter(filter) });

    const buffer: RecordedEvent[] = [];
    let waiter: { resolve: (r: IteratorResult<RecordedEvent>) => void; reject: (e: unknown) => void } | null =
      null;
    let closed = false;
    let ended = false;
    let failure: unknown = null;
    let paused = false;

    const settleWaiter = () => {
      if (!waiter) return;
      const w = waiter;
      if (buffer.length > 0) {
        waiter = null;
        w.resolve({ value: buffer.shift() as RecordedEvent, done: false });
      } else if (failure) {
        waiter = null;
        const f = failure;
        failure = null;
        ended = true;
        w.reject(f);
      } else if (ended || closed) {
        waiter = null;
        w.resolve({ value: undefined, done: true });
      }
    };

    inner.on('data', (resolved: AllStreamResolvedEvent) => {
      if (closed) return;
      const event = resolved.event;
      if (!event) return;
      if (cursor && comparePositions(event.position, cursor) <= 0) return;
      cursor = event.position;
      if (isSystemEvent(event)) return;
      let recorded: RecordedEvent;
      try {
        recorded = toRecordedEvent(event);
      } catch (error) {
        failure = error;
        ended = true;
        settleWaiter();
        return;
      }
      if (!streamMatches(recorded, filter)) return;
      buffer.push(recorded);
      if (buffer.length >= SUBSCRIPTION_HIGH_WATER && !paused) {
        paused = true;
        inner.pause();
      }
      settleWaiter();
    });
    inner.on('error', (error: unknown) => {
      if (closed || ended) return;
      failure = mapEsdbError(error);
      settleWaiter();
    });
    const onEnd = () => {
      if (closed || ended || failure) return;
      // A subscription never ends by itself: the server or the connection dropped it.
      failure = new Unavailable('EventStoreDB subscription ended by the server');
      settleWaiter();
    };
    inner.on('end', onEnd);
    inner.on('close', onEnd);

    async function close(): Promise<void> {
      if (closed) return;
      closed = true;
      buffer.length = 0;
      openSubscriptions.delete(subscription);
      settleWaiter();
      try {
        await inner.unsubscribe();
      } catch {
        // already gone
      }
    }

    const iterator: AsyncIterator<RecordedEvent> = {
      next() {
        if (buffer.length > 0) {
          const value = buffer.shift() as RecordedEvent;
          if (paused && buffer.length <= SUBSCRIPTION_LOW_WATER) {
            paused = false;
            inner.resume();
          }
          return Promise.resolve({ value, done: false });
        }
        if (failure) {
          const f = failure;
          failure = null;
          ended = true;
          return Promise.reject(f);
        }
        if (ended || closed) return Promise.resolve({ value: undefined, done: true });
        if (waiter) return Promise.reject(new EventStoreError('Subscription: concurrent next() calls'));
        return new Promise((resolve, reject) => {
          waiter = { resolve, reject };
        });
      },
      async return() {
        await close();
        return { value: undefined, done: true };
      },
    };

    const subscription: Subscription = {
      [Symbol.asyncIterator]: () => iterator,
      close,
    };
    openSubscriptions.add(subscription);
    return subscription;
  }

  async function getStreamMetadata(streamId: string): Promise<StreamMetadata> {
    try {
      const result = await client.getStreamMetadata(streamId);
      return fromEsdbMetadata(result.metadata as Record<string, unknown> | undefined);
    } catch (error) {
      throw mapEsdbError(error, { streamId });
    }
  }

  async function setStreamMetadata(streamId: string, metadata: StreamMetadata): Promise<void> {
    const prepared = toEsdbMetadata(metadata);
    try {
      await client.setStreamMetadata(streamId, prepared);
    } catch (error) {
      throw mapEsdbError(error, { streamId });
    }
  }

  /**
   * Delete and tombstone take ANY / NO_STREAM / exact in this client (no STREAM_EXISTS):
   * `stream_exists` is done as "exact revision of the current last event", retried when the
   * stream moved on in between.
   */
  async function remove(
    kind: 'deleteStream' | 'tombstoneStream',
    streamId: string,
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<void> {
    const expected = options.expectedRevision ?? 'any';
    for (let attempt = 0; ; attempt++) {
      let esdbExpected: EsdbDeleteExpectedRevision;
      if (expected === 'stream_exists') {
        const last = await lastEventOf(streamId);
        if (!last) throw new WrongExpectedRevision(streamId, expected, 'no_stream');
        esdbExpected = last.revision;
      } else {
        esdbExpected = toEsdbExpectedRevision(expected) as EsdbDeleteExpectedRevision;
      }
      try {
        if (kind === 'deleteStream') await client.deleteStream(streamId, { expectedRevision: esdbExpected });
        else await client.tombstoneStream(streamId, { expectedRevision: esdbExpected });
        return;
      } catch (error) {
        const mapped = mapEsdbError(error, { streamId, expected });
        if (
          expected === 'stream_exists' &&
          mapped instanceof WrongExpectedRevision &&
          mapped.actual !== 'no_stream' &&
          attempt < 5
        ) {
          continue;
        }
        throw mapped;
      }
    }
  }

  async function ping(): Promise<void> {
    await collect(
      client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1, deadline: PING_DEADLINE_MS }),
    );
  }

  async function close(): Promise<void> {
    await Promise.allSettled([...openSubscriptions].map((s) => s.close()));
    await client.dispose();
  }

  return {
    kind: 'eventstoredb',
    appendToStream,
    readStream,
    readAll,
    subscribeToAll,
    getStreamMetadata,
    setStreamMetadata,
    deleteStream: (streamId, options) => remove('deleteStream', streamId, options),
    tombstoneStream: (streamId, options) => remove('tombstoneStream', streamId, options),
    headPosition,
    // EventStoreDB shows readers every committed event: the next one is the oldest.
    oldestEventTimeAfter: async (after: string | null) =>
      (await readAll({ after, maxCount: 1 }))[0]?.createdAt ?? null,
    ping,
    close,
  };
}
