import type { InlineProjections } from '../projections/projection';
/**
 * The event store port. Two adapters implement it: PostgreSQL (embedded default) and
 * EventStoreDB. Positions are opaque strings that sort lexicographically in global order.
 * Revisions are bigint, 0-based: the first event of a stream has revision 0n.
 */

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface NewEvent {
  /** uuid; appending the same ids again at the same place is an idempotent no-op */
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

export interface RecordedEvent {
  id: string;
  streamId: string;
  revision: bigint;
  position: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The row of an inline read model that holds a stream's folded state, as it stands after the
 * appended events. The caller folded them onto the state at the expected revision (a revision or
 * 'no_stream'; with any other expectation it is ignored), so the row is known before the append
 * and the append's check of that revision makes it exact. The PostgreSQL store writes it in the
 * append's own statement (one round trip, one implicit transaction) instead of running that
 * projection's `apply`; the EventStoreDB store ignores it (its projections are asynchronous).
 */
export interface FoldedRow {
  /** the inline projection whose `apply` this row stands for */
  projection: string;
  table: string;
  /** the primary key column: the row is inserted or replaces the one with this key */
  key: string;
  /** every column the projection writes, by name (json columns as values, not text) */
  row: Record<string, unknown>;
  /** a column set to the time the events were recorded (as `apply` sets it from the event) */
  recordedAt?: string;
}

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
  foldedRow?: FoldedRow;
  /**
   * The event ids were made for this append (random uuids): no earlier append can hold them, so
   * the store skips its idempotent-retry check (a read of the stream's events). Leave it unset
   * whenever the same ids may be sent again (ids derived from an Idempotency-Key, a resend).
   */
  newIds?: boolean;
}

export interface AppendResult {
  /** revision of the last event now in the stream */
  nextRevision: bigint;
  /** global position of the last appended event */
  position: string;
}

export interface ReadStreamOptions {
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** exclusive; absent means from the start */
  after?: string | null;
  maxCount?: number;
}

export interface SubscriptionFilter {
  streamPrefixes?: string[];
  eventTypes?: string[];
}

export interface SubscribeOptions {
  after?: string | null;
  filter?: SubscriptionFilter;
}

/** An async iterable of events in global order; `close()` ends it. */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface StreamMetadata {
  /** events below this revision are no longer readable (set by soft delete) */
  truncateBefore?: bigint;
  [key: string]: unknown;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  appendToStream(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** throws StreamNotFound when the stream has no events, StreamDeleted after a tombstone */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options?: SubscribeOptions): Subscription;
  getStreamMetadata(streamId: string): Promise<StreamMetadata>;
  setStreamMetadata(streamId: string, metadata: StreamMetadata): Promise<void>;
  /** soft delete: the stream reads as not found; appending again continues its revisions */
  deleteStream(streamId: string, options?: { expectedRevision?: ExpectedRevision }): Promise<void>;
  /** hard delete: the stream can never be read or written again */
  tombstoneStream(streamId: string, options?: { expectedRevision?: ExpectedRevision }): Promise<void>;
  /** position of the newest event visible to readers, null when empty */
  headPosition(): Promise<string | null>;
  /**
   * Position of the newest committed event, also one readers cannot see yet (on PostgreSQL, one
   * behind a transaction still running); null when empty. Without it, headPosition is that.
   */
  committedHead?(): Promise<string | null>;
  /**
   * When the oldest committed event after `after` was appended (null: none), including events
   * readers cannot see yet (on PostgreSQL, those behind a transaction still running): the
   * measure of how far a reader at `after` is behind.
   */
  oldestEventTimeAfter(after: string | null): Promise<Date | null>;
  /**
   * PostgreSQL only: runs `fn` in one transaction that holds the stream's lock (the one every
   * append to it takes), so no other append to the stream lands between what `fn` reads and what
   * it appends; commits when `fn` returns, rolls back when it throws. For a command that already
   * lost a race: its retry cannot lose again. Its appends must be one statement each (no inline
   * read model to apply, or a folded row standing for it).
   */
  withStreamLock?<T>(streamId: string, fn: (locked: LockedStream) => Promise<T>): Promise<T>;
  /** PostgreSQL only: apply these read models in each append's own transaction. */
  useInlineProjections?(inline: InlineProjections): void;
  /** cheap liveness check for /api/health */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The stream reads and appends of `withStreamLock`'s transaction. */
export type LockedStream = Pick<EventStore, 'appendToStream' | 'readStream'>;

export class EventStoreError extends Error {
  override name = 'EventStoreError';
}

export class WrongExpectedRevision extends EventStoreError {
  override name = 'WrongExpectedRevision';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Wrong expected revision on ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
  }
}

export class StreamNotFound extends EventStoreError {
  override name = 'StreamNotFound';
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} not found`);
  }
}

export class StreamDeleted extends EventStoreError {
  override name = 'StreamDeleted';
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} is deleted`);
  }
}

export class Unavailable extends EventStoreError {
  override name = 'Unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Reads a stream, answering [] when it does not exist (the usual need of a command handler). */
export async function readStreamOrEmpty(
  store: Pick<EventStore, 'readStream'>,
  streamId: string,
): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(streamId);
  } catch (error) {
    if (error instanceof StreamNotFound) return [];
    throw error;
  }
}

export function streamMatches(event: RecordedEvent, filter?: SubscriptionFilter): boolean {
  if (!filter) return true;
  if (filter.streamPrefixes && !filter.streamPrefixes.some((p) => event.streamId.startsWith(p))) return false;
  if (filter.eventTypes && !filter.eventTypes.includes(event.type)) return false;
  return true;
}
