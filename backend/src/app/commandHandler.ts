import { createHash, randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '../domain/decider';
import {
  type EventStore,
  type FoldedRow,
  type LockedStream,
  type RecordedEvent,
  WrongExpectedRevision,
  readStreamOrEmpty,
} from '../eventStore/port';

export interface CommandMetadata {
  actorId: string | null;
  correlationId: string;
  causationId?: string | null;
  /** when the same key is sent again, the same event ids are produced and nothing is appended twice */
  idempotencyKey?: string;
}

export interface CommandResult<S, E> {
  events: E[];
  state: S;
  /** global position of the last appended event; null when the command changed nothing */
  position: string | null;
  revision: bigint | null;
}

/** uuid v5-style id derived from an idempotency key, so retries produce identical events. */
export function deterministicId(key: string, index: number): string {
  const hex = createHash('sha256').update(`${key}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The tail of each stream's queue of commands in this process. */
const queues = new Map<string, Promise<void>>();

/**
 * Runs `fn` after every earlier command of this process on the same stream: concurrent commands
 * on one stream in one process then never conflict (each would otherwise read, decide and
 * append for nothing, then retry). Other processes still conflict and retry.
 */
async function oneAtATime<T>(streamId: string, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(streamId) ?? Promise.resolve();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => gate);
  queues.set(streamId, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (queues.get(streamId) === tail) queues.delete(streamId);
  }
}

/**
 * Read the stream, fold it, decide, append with the expected revision; on a concurrency
 * conflict start again from a fresh read (a few times). Commands on one stream run one at a
 * time in this process.
 */
export function handleCommand<S, C, E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  metadata: CommandMetadata,
  options: {
    maxAttempts?: number;
    onAppended?: (events: E[]) => void;
    /**
     * The stream's state already folded elsewhere, with the revision it folded up to (null: no
     * events): an inline read model written in each append's own transaction. Attempts decide
     * from it instead of reading and folding the whole stream; the append still checks that
     * revision, so a stale state only costs a conflict. After a conflict it is used only when it
     * already shows the revision the other append reached, else the stream is read. Undefined:
     * not known, read the stream.
     */
    foldedState?: () => Promise<{ state: S; revision: bigint | null } | undefined>;
    /**
     * The inline read model that `foldedState` reads, as a row of the state after the command's
     * events and the revision of the last one: written by the append itself (FoldedRow), so the
     * append and its read model take one round trip.
     */
    foldedRow?: (state: S, revision: bigint) => FoldedRow;
    /**
     * A copy of the folded state kept in this process, which `foldedState` answers from: told
     * the state after each append (run in this stream's queue, so in order), dropped when an
     * attempt fails, so a retry after a conflict reads the row again.
     */
    foldedCache?: { keep(state: S, revision: bigint): void; forget(): void };
  } = {},
): Promise<CommandResult<S, E>> {
  return oneAtATime(streamId, () => decideAndAppend(store, streamId, decider, command, metadata, options));
}

async function decideAndAppend<S, C, E extends DomainEvent>(
  ...[store, streamId, decider, command, metadata, options]: Parameters<typeof handleCommand<S, C, E>>
): Promise<CommandResult<S, E>> {
  const maxAttempts = options?.maxAttempts ?? 5;
  /** the conflict the previous attempt lost: the revision another append reached meanwhile */
  let lost: WrongExpectedRevision | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      const attemptOn = (target: LockedStream) =>
        decideOnce<S, C, E>(target, lost, store, streamId, decider, command, metadata, options);
      // A retry of a one-statement append holds the stream's lock from its read to its append
      // (PostgreSQL): another process's append can no longer slip in between, so it cannot
      // lose twice. The first attempt stays optimistic (no lock, no transaction).
      const result =
        lost && options?.foldedRow && store.withStreamLock
          ? await store.withStreamLock(streamId, attemptOn)
          : await attemptOn(store);
      if (result.events.length) {
        if (result.revision !== null) options?.foldedCache?.keep(result.state, result.revision);
        options?.onAppended?.(result.events);
      }
      return result;
    } catch (error) {
      options?.foldedCache?.forget();
      if (error instanceof WrongExpectedRevision && attempt < maxAttempts) {
        lost = error;
        continue;
      }
      throw error;
    }
  }
}

/** One read, decide and append on `target` (the store, or a transaction holding the stream's lock). */
async function decideOnce<S, C, E extends DomainEvent>(
  target: LockedStream,
  lost: WrongExpectedRevision | undefined,
  ...[, streamId, decider, command, metadata, options]: Parameters<typeof handleCommand<S, C, E>>
): Promise<CommandResult<S, E>> {
  const folded = await foldedAfter(lost, options?.foldedState);
  let { state, revision } = folded ?? { state: decider.initialState(), revision: null };
  if (!folded) {
    const recorded = await readStreamOrEmpty(target, streamId);
    for (const e of recorded) state = decider.evolve(state, e as unknown as E);
    revision = lastRevision(recorded);
  }
  const events = decider.decide(command, state);
  if (events.length === 0) return { events, state, position: null, revision };
  const expectedRevision = revision ?? 'no_stream';
  // the state after the events, known before the append: the decider's fold is pure
  const after = events.reduce((s, e) => decider.evolve(s, e), state);
  const nextRevision = (revision ?? -1n) + BigInt(events.length);
  const result = await target.appendToStream(
    streamId,
    events.map((e, i) => ({
      id: metadata.idempotencyKey
        ? deterministicId(`${streamId}:${metadata.idempotencyKey}`, i)
        : randomUUID(),
      type: e.type,
      data: e.data,
      metadata: {
        actorId: metadata.actorId,
        correlationId: metadata.correlationId,
        causationId: metadata.causationId ?? null,
      },
    })),
    {
      expectedRevision,
      // random ids (no Idempotency-Key) cannot be in the stream yet: the store need not look
      newIds: !metadata.idempotencyKey,
      ...(options?.foldedRow ? { foldedRow: options.foldedRow(after, nextRevision) } : {}),
    },
  );
  return { events, state: after, position: result.position, revision: result.nextRevision };
}

/**
 * The folded state to decide from: on the first attempt whatever the read model holds (the
 * append checks its revision); after a lost race only a row that already shows the revision the
 * winner reached (it is written in the winner's own transaction, so it normally does), else
 * undefined: fold the stream. A retry that read the whole stream while the other process started
 * from the one-row read model lost every race on a long stream (five in a row answered 409).
 */
async function foldedAfter<S>(
  lost: WrongExpectedRevision | undefined,
  foldedState: (() => Promise<{ state: S; revision: bigint | null } | undefined>) | undefined,
) {
  if (!foldedState) return undefined;
  if (!lost) return foldedState();
  if (typeof lost.actual !== 'bigint') return undefined;
  const folded = await foldedState();
  return folded && folded.revision !== null && folded.revision >= lost.actual ? folded : undefined;
}

const lastRevision = (events: RecordedEvent[]) => (events.length ? events[events.length - 1].revision : null);
