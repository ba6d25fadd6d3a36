import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { SESSION_OPTIONS, isDbUnavailable } from '../infra/db';
import { createPacedSender } from '../infra/pacedSender';
import { createGroupCommit } from './groupCommit';
import { type InlineProjections, type Projection, applyEvents, handlesType } from '../projections/projection';
import {
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type FoldedRow,
  type LockedStream,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamMetadata,
  type SubscribeOptions,
  type Subscription,
  StreamDeleted,
  StreamNotFound,
  Unavailable,
  WrongExpectedRevision,
  streamMatches,
} from './port';

/**
 * PostgreSQL event store (the embedded default).
 *
 * Safe global order: every row stores the id of the transaction that appended it (xid8) and a
 * global sequence. Readers only see rows whose transaction id is below the oldest transaction
 * still running (`pg_snapshot_xmin`, scoped to this database: SAFE_HORIZON), ordered by
 * (transaction id, sequence); that sort key is
 * the position. A transaction that commits late can therefore never slip in behind a position
 * a reader has already passed. A per-stream advisory lock is taken before the transaction id is
 * assigned, so per-stream order and global order agree.
 */

export interface PostgresEventStoreOptions {
  connectionString: string;
  poolSize?: number;
  /**
   * A statement running longer is cancelled by the server and its caller gets Unavailable (ms;
   * default STATEMENT_TIMEOUT_MS): a hung lock holder or an overloaded server holds a caller, and
   * the appends queued behind it, this long at most.
   */
  statementTimeoutMs?: number;
  /** how often a subscriber polls when no NOTIFY arrives (ms) */
  pollIntervalMs?: number;
  /** tests only: runs inside the append transaction just before COMMIT (may delay or throw) */
  beforeCommit?: (streamId: string) => Promise<void>;
  onQuery?: (durationMs: number) => void;
  /** after each append that recorded new events (not an idempotent retry) */
  onAppended?: (events: NewEvent[]) => void;
}

const CHANNEL = 'es_events';
/** How many events a subscriber reads at once. */
const SUBSCRIBER_BATCH = 500;
/**
 * A caught-up subscriber reads again at most this often, however many appends wake it: under a
 * steady stream of commands each read then brings a batch instead of one event (fewer reads, and
 * fewer projection transactions), for at most this much more lag.
 */
const SUBSCRIBER_GAP_MS = 50;
/** Group commit (groupCommit.ts): batches written at once per statement, and appends per batch. */
const GROUP_COMMIT_IN_FLIGHT = 2;
const GROUP_COMMIT_BATCH = 64;
/** An append waiting longer than this for its turn gets Unavailable (as a pool connection would, after 5 s). */
const GROUP_COMMIT_MAX_WAIT_MS = 5_000;
/** No event-store statement runs longer (an append, a read of at most SUBSCRIBER_BATCH events). */
const STATEMENT_TIMEOUT_MS = 30_000;
/** At most one NOTIFY to other processes per this many ms (their subscribers wake at most this late). */
const NOTIFY_GAP_MS = 25;
/** Every append: one named statement, prepared once per connection. */
const APPEND_CALL = 'es_append($1, $2, $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[], $7::boolean)';
const APPEND = { name: 'es_append', text: `select * from ${APPEND_CALL}` };
/** The columns of `es_append`'s answer (the `Outcome` below). */
const OUTCOME_COLUMNS = 'outcome, current_revision, next_revision, last_tx_id, last_seq, seqs, created_at';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** A prepared statement: parsed and planned once per connection. */
interface Named {
  name: string;
  text: string;
}

/** The append statements that also write a folded row: one append, and several (group commit). */
interface FoldedRowStatements {
  one: Named;
  many: Named;
}
const foldedRowStatements = new Map<string, FoldedRowStatements>();

const named = (prefix: string, text: string): Named => ({
  name: `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`,
  text,
});

/**
 * The statements of appends that write a folded row, by table and columns. `one`: `es_append`
 * and, when it recorded the events (outcome 'ok'), the folded row ($8, a json object) inserted
 * or replacing the row with its key. A single statement is its own transaction: the events and
 * the row commit together or not at all. `es_append` runs once (a WITH query calling a volatile
 * function is computed once) and takes the stream lock first; the upsert of a row committed
 * meanwhile by another transaction still replaces it (ON CONFLICT DO UPDATE acts on the latest
 * version of the row). `many`: the same for several appends of one event each ($1 to $8 are
 * arrays, one element per append), one answer row per append in the order given. It first takes
 * every stream's lock, in stream order (the same order in every process, so two batches cannot
 * wait for each other), and only then appends (`es_append` takes each lock again, already held):
 * all locks are held before the first insert gives the transaction its id, as for one append, so
 * per-stream order and global order still agree. A row written twice in one statement is an
 * error (and the whole statement rolls back).
 */
function foldedRowStatementsOf(folded: FoldedRow): FoldedRowStatements {
  const columns = Object.keys(folded.row).sort();
  const cacheKey = JSON.stringify([folded.table, folded.key, folded.recordedAt ?? null, columns]);
  let statements = foldedRowStatements.get(cacheKey);
  if (!statements) {
    const table = ident(folded.table);
    const list = columns.map(ident).join(', ');
    const values = columns.map((c) => (c === folded.recordedAt ? 'a.created_at' : `r.${ident(c)}`));
    const written = (rowJson: string) => `written as (
    insert into ${table} (${list})
    select ${values.join(', ')} from appended a, jsonb_populate_record(null::${table}, ${rowJson}) r
     where a.outcome = 'ok'
    on conflict (${ident(folded.key)}) do update set (${list}) = row(${columns.map((c) => `excluded.${ident(c)}`).join(', ')})
  )`;
    statements = {
      one: named(
        'es_append_row',
        `with appended as (select * from ${APPEND_CALL}),
  ${written('$8::jsonb')}
select * from appended`,
      ),
      many: named(
        'es_append_rows',
        `with input as (
    select * from unnest($1::text[], $2::text[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[], $7::boolean[], $8::jsonb[])
      with ordinality as t(stream, expected, id, type, data, meta, check_ids, row, i)),
  locked as materialized (
    select count(pg_advisory_xact_lock(hashtextextended(s.stream, 0))) as streams
      from (select distinct stream from input order by stream) s),
  appended as materialized (
    select t.i, t.row, a.* from input t cross join lateral
      es_append(t.stream, t.expected, array[t.id], array[t.type], array[t.data], array[t.meta], t.check_ids) a
     where (select streams from locked) > 0),
  ${written('a.row')}
select ${OUTCOME_COLUMNS} from appended order by i`,
      ),
    };
    foldedRowStatements.set(cacheKey, statements);
  }
  return statements;
}

/**
 * The safe horizon: the oldest transaction that was still running when this statement's
 * snapshot was taken (the snapshot's in-progress list and xmax, read atomically), leaving out
 * transactions known to belong to another database, which can never append here. This is
 * `pg_snapshot_xmin(pg_current_snapshot())` scoped to this database, so a long transaction in
 * another database on the same server does not hold our readers back. An in-progress id whose
 * database cannot be told (finished since, or hidden from this role) is kept: that only
 * delays readers until the next read, it never skips an event.
 */
const SAFE_HORIZON = `
  select coalesce(
    (select min(x) from pg_snapshot_xip(snap) x
      where (x::text::numeric % 4294967296) not in (
        select backend_xid::text::numeric from pg_stat_activity
        where backend_xid is not null and datname is distinct from current_database())),
    pg_snapshot_xmax(snap))
  from (select pg_current_snapshot() as snap) s`;

export const eventStoreSchemaSql = `
create table if not exists es_streams (
  stream_id text primary key,
  revision bigint not null,
  deleted text check (deleted in ('soft', 'tombstone')),
  truncate_before bigint not null default 0,
  metadata jsonb not null default '{}'::jsonb
);
create table if not exists es_events (
  global_seq bigint generated always as identity primary key,
  tx_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  revision bigint not null,
  event_id uuid not null,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  created_at timestamptz not null default now(),
  unique (stream_id, revision),
  unique (stream_id, event_id)
);
create index if not exists es_events_order on es_events (tx_id, global_seq);
`;

/** The parameters of one append: stream, expected revision, event ids, types, data, metadata, whether to check the ids, and the folded row. */
type AppendValues = [string, string, string[], string[], string[], string[], boolean, string?];

interface Outcome {
  outcome: string;
  current_revision: string | null;
  next_revision: string;
  last_tx_id: string;
  last_seq: string;
  /** 'ok': the global sequence of each appended event, in revision order, and their time */
  seqs: (string | number)[] | null;
  created_at: Date | null;
}

const pad = (n: string | bigint) => n.toString().padStart(20, '0');
export const formatPosition = (txId: string | bigint, seq: string | bigint) => `${pad(txId)}:${pad(seq)}`;
export function parsePosition(position: string): { txId: string; seq: string } {
  const match = /^(\d{1,20}):(\d{1,20})$/.exec(position);
  if (!match) throw new Error(`Invalid event store position: ${position}`);
  return { txId: BigInt(match[1]).toString(), seq: BigInt(match[2]).toString() };
}

interface EventRow {
  global_seq: string;
  tx_id: string;
  stream_id: string;
  revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  created_at: Date;
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  streamId: row.stream_id,
  revision: BigInt(row.revision),
  position: formatPosition(row.tx_id, row.global_seq),
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  createdAt: row.created_at,
});

function mapError(error: unknown): unknown {
  return isDbUnavailable(error)
    ? new Unavailable('PostgreSQL event store unavailable', { cause: error })
    : error;
}

export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    options: `${SESSION_OPTIONS} -c statement_timeout=${options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS}`,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', () => {
    /* idle client errors surface on the next query */
  });
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  /** set by useInlineProjections (the runtime does, once its projections exist) */
  let inline: InlineProjections | null = null;

  /** `statement`: SQL text, or a named prepared statement (parsed and planned once per connection) */
  async function query<R extends pg.QueryResultRow>(
    client: pg.Pool | pg.PoolClient,
    statement: string | { name: string; text: string },
    values?: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const started = performance.now();
    try {
      return await (typeof statement === 'string'
        ? client.query<R>(statement, values)
        : client.query<R>({ ...statement, values }));
    } catch (error) {
      throw mapError(error);
    } finally {
      options.onQuery?.(performance.now() - started);
    }
  }

  /** A pooled connection, or Unavailable when the server cannot be reached. */
  const connect = () => pool.connect().catch((error: unknown) => Promise.reject(mapError(error)));

  async function withTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await connect();
    try {
      await query(client, 'begin');
      const result = await fn(client);
      await query(client, 'commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * A stream's state: its head is the highest revision of its events; `es_streams` only holds
   * deletion, truncation and metadata. Undefined when the stream has neither events nor a row.
   */
  async function streamState(client: pg.Pool | pg.PoolClient, streamId: string) {
    const { rows } = await query<{
      head: string | null;
      deleted: string | null;
      truncate_before: string | null;
    }>(
      client,
      `select (select max(revision) from es_events where stream_id = $1) as head,
              s.deleted, s.truncate_before
         from (select 1) one left join es_streams s on s.stream_id = $1`,
      [streamId],
    );
    const row = rows[0];
    if (row.head === null && row.deleted === null && row.truncate_before === null) return undefined;
    return {
      revision: row.head === null ? -1n : BigInt(row.head),
      deleted: row.deleted,
      truncateBefore: BigInt(row.truncate_before ?? 0),
    };
  }

  async function lockStream(client: pg.PoolClient, streamId: string) {
    // Before any write, so the transaction id is assigned after the lock is held.
    await query(client, 'select pg_advisory_xact_lock(hashtextextended($1, 0))', [streamId]);
    return streamState(client, streamId);
  }

  function checkExpected(streamId: string, expected: ExpectedRevision, current: bigint | 'no_stream') {
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === 'no_stream') ||
      (expected === 'stream_exists' && current !== 'no_stream') ||
      (typeof expected === 'bigint' && current !== 'no_stream' && expected === current);
    if (!ok) throw new WrongExpectedRevision(streamId, expected, current);
  }

  /** Group commit of one-event appends with a folded row, per statement (groupCommit.ts). */
  const groupCommits = new Map<string, { submit(values: AppendValues): Promise<Outcome> }>();
  function groupCommitOf(statements: FoldedRowStatements) {
    let group = groupCommits.get(statements.one.name);
    if (!group) {
      group = createGroupCommit<AppendValues, Outcome>({
        maxInFlight: GROUP_COMMIT_IN_FLIGHT,
        maxBatch: GROUP_COMMIT_BATCH,
        maxWaitMs: GROUP_COMMIT_MAX_WAIT_MS,
        waitedTooLong: () =>
          new Unavailable('PostgreSQL event store unavailable: appends are not being written'),
        one: async (values) => (await query<Outcome>(pool, statements.one, values)).rows[0],
        async many(batch) {
          const columns: unknown[][] = [[], [], [], [], [], [], [], []];
          for (const [stream, expected, [id], [type], [data], [meta], checkIds, row] of batch)
            [stream, expected, id, type, data, meta, checkIds, row].forEach((value, k) =>
              columns[k].push(value),
            );
          const { rows } = await query<Outcome>(pool, statements.many, columns);
          if (rows.length !== batch.length)
            throw new Error(`group commit: ${rows.length} answers for ${batch.length} appends`);
          return rows;
        },
        rolledBack: (error) => error instanceof pg.DatabaseError,
      });
      groupCommits.set(statements.one.name, group);
    }
    return group;
  }

  const appendToStream = (streamId: string, events: NewEvent[], opts: AppendOptions = {}) =>
    appendWith(undefined, streamId, events, opts);

  /**
   * An append; `locked`: inside `withStreamLock`'s transaction, on its connection (one statement,
   * announced by `withStreamLock` after its commit).
   */
  async function appendWith(
    locked: { client: pg.PoolClient; appended: NewEvent[][] } | undefined,
    streamId: string,
    events: NewEvent[],
    opts: AppendOptions = {},
  ): Promise<AppendResult> {
    const expected = opts.expectedRevision ?? 'any';
    if (events.length === 0 && locked) throw new Error('withStreamLock: an append of no events');
    if (events.length === 0) return appendNothing(streamId, expected);
    const values: AppendValues = [
      streamId,
      typeof expected === 'bigint' ? expected.toString() : expected,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? {})),
      events.map((e) => JSON.stringify(e.metadata ?? {})),
      !opts.newIds,
    ];
    const inlineHere = inline?.projections.filter((p) => events.some((e) => handlesType(p, e.type))) ?? [];
    // A folded row given by the caller stands for its projection's apply when that projection is
    // the only inline one these events concern and the caller folded from a known revision.
    const folded =
      opts.foldedRow &&
      (typeof expected === 'bigint' || expected === 'no_stream') &&
      inlineHere.length === 1 &&
      inlineHere[0].name === opts.foldedRow.projection
        ? opts.foldedRow
        : undefined;
    const statements = folded ? foldedRowStatementsOf(folded) : undefined;
    const sql = statements?.one ?? APPEND;
    if (folded) values[7] = JSON.stringify(folded.row);
    if (locked && inlineHere.length > 0 && !folded)
      throw new Error(`withStreamLock: an append to ${streamId} needs its inline read models applied`);
    // One statement, one round trip, unless inline read models or a test hook need a transaction.
    const row = locked
      ? (await query<Outcome>(locked.client, sql, values)).rows[0]
      : inlineHere.length > 0 && !folded
        ? await appendWithInline(streamId, sql, values, events.length, inlineHere)
        : options.beforeCommit
          ? await withTransaction(async (client) => {
              const result = (await query<Outcome>(client, sql, values)).rows[0];
              if (result.outcome === 'ok') await options.beforeCommit!(streamId);
              return result;
            })
          : statements && events.length === 1
            ? await groupCommitOf(statements).submit(values)
            : (await query<Outcome>(pool, sql, values)).rows[0];
    const current = row.current_revision === null ? 'no_stream' : BigInt(row.current_revision);
    if (row.outcome === 'deleted') throw new StreamDeleted(streamId);
    if (row.outcome === 'conflict') throw new WrongExpectedRevision(streamId, expected, current);
    if (row.outcome === 'ok' && locked) locked.appended.push(events);
    else if (row.outcome === 'ok') {
      announce();
      options.onAppended?.(events);
    }
    return {
      nextRevision: BigInt(row.next_revision),
      position: formatPosition(row.last_tx_id, row.last_seq),
    };
  }

  /**
   * The append and the inline read models in one transaction: the appended events are read back
   * (with their positions and time) and applied by each inline projection that handles them.
   */
  async function appendWithInline(
    streamId: string,
    sql: { name: string; text: string },
    values: unknown[],
    count: number,
    projections: Projection[],
  ): Promise<Outcome> {
    const { db } = inline!;
    const client = await connect();
    // knex reports a failed ROLLBACK's error instead of the handler's: keep the first cause
    let cause: unknown;
    try {
      return await db.transaction(
        async (trx) => {
          try {
            return await appendAndApply(trx);
          } catch (error) {
            cause = error;
            throw error;
          }
        },
        { connection: client },
      );
    } catch (error) {
      throw mapError(cause ?? error);
    } finally {
      client.release();
    }

    async function appendAndApply(trx: Knex.Transaction) {
      const result = (await query<Outcome>(client, sql, values)).rows[0];
      if (result.outcome !== 'ok') return result;
      // the recorded events from what was sent and what es_append answered: no read back
      const [, , ids, types, data, metadata] = values as [
        unknown,
        unknown,
        string[],
        string[],
        string[],
        string[],
      ];
      const first = BigInt(result.next_revision) - BigInt(count) + 1n;
      const recorded: RecordedEvent[] = ids.map((id, i) => ({
        id,
        streamId,
        revision: first + BigInt(i),
        position: formatPosition(result.last_tx_id, String(result.seqs![i])),
        type: types[i],
        data: JSON.parse(data[i]) as unknown,
        metadata: JSON.parse(metadata[i]) as Record<string, unknown>,
        createdAt: result.created_at!,
      }));
      for (const projection of projections) await applyEvents(projection, trx, recorded);
      await options.beforeCommit?.(streamId);
      return result;
    }
  }

  async function withStreamLock<T>(streamId: string, fn: (locked: LockedStream) => Promise<T>): Promise<T> {
    const appended: NewEvent[][] = [];
    const result = await withTransaction(async (client) => {
      await query(client, 'select pg_advisory_xact_lock(hashtextextended($1, 0))', [streamId]);
      const value = await fn({
        appendToStream: (id, events, opts) => appendWith({ client, appended }, id, events, opts),
        readStream: (id, opts) => readStreamWith(client, id, opts),
      });
      if (appended.length) await options.beforeCommit?.(streamId);
      return value;
    });
    if (appended.length) announce();
    for (const events of appended) options.onAppended?.(events);
    return result;
  }

  async function appendNothing(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    return withTransaction(async (client) => {
      const stream = await lockStream(client, streamId);
      if (stream?.deleted === 'tombstone') throw new StreamDeleted(streamId);
      const current: bigint | 'no_stream' =
        stream && !stream.deleted && stream.revision >= 0n ? stream.revision : 'no_stream';
      checkExpected(streamId, expected, current);
      const position = await headPositionWith(client);
      return {
        nextRevision: stream ? stream.revision : -1n,
        position: position ?? formatPosition('0', '0'),
      };
    });
  }

  const readStream = (streamId: string, opts: ReadStreamOptions = {}) => readStreamWith(pool, streamId, opts);

  async function readStreamWith(
    client: pg.Pool | pg.PoolClient,
    streamId: string,
    opts: ReadStreamOptions = {},
  ): Promise<RecordedEvent[]> {
    // One round trip for a live stream: its events with the stream's deletion and truncation.
    const { rows } = await query<EventRow & { stream_deleted: string | null }>(
      client,
      `select e.*, s.deleted as stream_deleted
         from es_events e left join es_streams s on s.stream_id = e.stream_id
        where e.stream_id = $1 and e.revision >= greatest($2::bigint, coalesce(s.truncate_before, 0))
        order by e.revision limit $3`,
      [streamId, (opts.fromRevision ?? 0n).toString(), opts.maxCount ?? 1_000_000],
    );
    if (rows.length > 0 && rows[0].stream_deleted === null) return rows.map(toRecorded);
    // No events to answer (or a deleted stream): tell not found, deleted and empty apart.
    const stream = await streamState(client, streamId);
    if (!stream) throw new StreamNotFound(streamId);
    if (stream.deleted === 'tombstone') throw new StreamDeleted(streamId);
    if (stream.deleted === 'soft') throw new StreamNotFound(streamId);
    return [];
  }

  async function readAllWith(
    client: pg.Pool | pg.PoolClient,
    opts: ReadAllOptions,
  ): Promise<RecordedEvent[]> {
    const after = opts.after ? parsePosition(opts.after) : { txId: '0', seq: '0' };
    const { rows } = await query<EventRow>(
      client,
      `select * from es_events
       where (tx_id, global_seq) > ($1::text::xid8, $2::bigint)
         and tx_id < (${SAFE_HORIZON})
       order by tx_id, global_seq
       limit $3`,
      [after.txId, after.seq, opts.maxCount ?? 500],
    );
    return rows.map(toRecorded);
  }

  /**
   * A subscriber's read: up to `maxCount` events after `after` that readers may see, and whether
   * committed events after them are still held back by the safe horizon (an older transaction is
   * running), in one statement and so one snapshot. Of the held events it reads one row only: under
   * a steady stream of commands a projection's batch transaction holds back every event committed
   * while it runs, and the subscriber looks again every few milliseconds then.
   */
  async function readForSubscriber(
    after: string | null,
    maxCount: number,
  ): Promise<{ events: RecordedEvent[]; held: boolean }> {
    const from = after ? parsePosition(after) : { txId: '0', seq: '0' };
    const { rows } = await query<EventRow & { held: boolean }>(
      pool,
      `with h as materialized (select (${SAFE_HORIZON}) as horizon)
       select * from (
         (select e.*, false as held from es_events e
          where (e.tx_id, e.global_seq) > ($1::text::xid8, $2::bigint) and e.tx_id < (select horizon from h)
          order by e.tx_id, e.global_seq limit $3)
         union all
         (select e.*, true as held from es_events e
          where (e.tx_id, e.global_seq) > ($1::text::xid8, $2::bigint) and e.tx_id >= (select horizon from h)
          order by e.tx_id, e.global_seq limit 1)
       ) r
       order by held, tx_id, global_seq`,
      [from.txId, from.seq, maxCount],
    );
    const events = rows.filter((row) => !row.held).map(toRecorded);
    return { events, held: events.length < maxCount && rows.length > events.length };
  }

  /** Every committed event counts, also those the safe horizon still hides from readers. */
  async function oldestEventTimeAfter(after: string | null): Promise<Date | null> {
    const from = after ? parsePosition(after) : { txId: '0', seq: '0' };
    const { rows } = await query<{ at: Date | null }>(
      pool,
      'select min(created_at) as at from es_events where (tx_id, global_seq) > ($1::text::xid8, $2::bigint)',
      [from.txId, from.seq],
    );
    return rows[0]?.at ?? null;
  }

  async function headPositionWith(client: pg.Pool | pg.PoolClient): Promise<string | null> {
    const { rows } = await query<{ tx_id: string; global_seq: string }>(
      client,
      `select tx_id, global_seq from es_events
       where tx_id < (${SAFE_HORIZON})
       order by tx_id desc, global_seq desc limit 1`,
    );
    return rows[0] ? formatPosition(rows[0].tx_id, rows[0].global_seq) : null;
  }

  // One LISTEN connection shared by all subscribers of this store.
  const waiters = new Set<() => void>();
  /**
   * After a commit: wake this process's subscribers at once, and other processes through a paced
   * NOTIFY. Outside the append transaction on purpose.
   */
  const notifier = createPacedSender<void>({
    gapMs: NOTIFY_GAP_MS,
    send: () => pool.query('select pg_notify($1, $2)', [CHANNEL, '']),
  });
  function announce() {
    wakeAll();
    notifier.offer();
  }
  let listener: pg.Client | null = null;
  let listenerStarting: Promise<void> | null = null;
  /** commits announced so far (here or by NOTIFY): a subscriber busy when one came reads again */
  let wakes = 0;
  function wakeAll() {
    wakes++;
    for (const wake of [...waiters]) wake();
  }
  function ensureListener() {
    if (listener || listenerStarting) return;
    listenerStarting = (async () => {
      const client = new pg.Client({ connectionString: options.connectionString });
      client.on('notification', wakeAll);
      client.on('error', () => {
        listener = null;
        client.end().catch(() => undefined);
      });
      try {
        await client.connect();
        await client.query(`listen ${CHANNEL}`);
        listener = client;
      } catch {
        await client.end().catch(() => undefined);
      } finally {
        listenerStarting = null;
      }
    })();
  }

  function subscribeToAll(opts: SubscribeOptions = {}): Subscription {
    let closed = false;
    let position = opts.after ?? null;
    let wake: (() => void) | null = null;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          wake = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
        wake = done;
      });
    /** when the last read started (performance.now(): a wall clock set back must not stall it) */
    let readAt = -Infinity;
    async function* iterate(): AsyncGenerator<RecordedEvent> {
      while (!closed) {
        ensureListener();
        const gap = readAt + SUBSCRIBER_GAP_MS - performance.now();
        if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
        if (closed) return;
        let batch: { events: RecordedEvent[]; held: boolean };
        const wakesBefore = wakes;
        try {
          readAt = performance.now();
          batch = await readForSubscriber(position, SUBSCRIBER_BATCH);
        } catch (error) {
          if (closed) return;
          throw error;
        }
        for (const event of batch.events) {
          if (closed) return;
          position = event.position;
          if (streamMatches(event, opts.filter)) yield event;
        }
        if (closed) return;
        // A full batch: more are there, read on at once. Committed events wait behind an older
        // transaction that is running (a projection batch, say: its commit wakes nobody): look
        // again soon. Caught up: wait for a commit or the poll (and the gap since the last read),
        // unless a commit was announced since this read began (its wake-up found nobody asleep).
        if (batch.events.length === SUBSCRIBER_BATCH) readAt = -Infinity;
        else if (batch.held) await sleep(5);
        else if (wakes === wakesBefore) await sleep(pollIntervalMs);
      }
    }
    const iterator = iterate();
    return {
      [Symbol.asyncIterator]: () => iterator,
      async close() {
        closed = true;
        wake?.();
        await iterator.return(undefined);
      },
    };
  }

  async function getStreamMetadata(streamId: string): Promise<StreamMetadata> {
    const { rows } = await query<{ metadata: StreamMetadata; truncate_before: string }>(
      pool,
      'select metadata, truncate_before from es_streams where stream_id = $1',
      [streamId],
    );
    if (!rows[0]) return {};
    const truncateBefore = BigInt(rows[0].truncate_before);
    return { ...rows[0].metadata, ...(truncateBefore > 0n ? { truncateBefore } : {}) };
  }

  async function setStreamMetadata(streamId: string, metadata: StreamMetadata): Promise<void> {
    const { truncateBefore, ...rest } = metadata;
    await withTransaction(async (client) => {
      await lockStream(client, streamId);
      await query(
        client,
        `insert into es_streams (stream_id, revision, metadata, truncate_before) values ($1, -1, $2, $3)
         on conflict (stream_id) do update set metadata = excluded.metadata, truncate_before = excluded.truncate_before`,
        [streamId, JSON.stringify(rest), (truncateBefore ?? 0n).toString()],
      );
    });
  }

  async function removeStream(
    streamId: string,
    kind: 'soft' | 'tombstone',
    opts: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<void> {
    await withTransaction(async (client) => {
      const stream = await lockStream(client, streamId);
      if (stream?.deleted === 'tombstone') throw new StreamDeleted(streamId);
      const current: bigint | 'no_stream' =
        stream && !stream.deleted && stream.revision >= 0n ? stream.revision : 'no_stream';
      checkExpected(streamId, opts.expectedRevision ?? 'any', current);
      if (kind === 'soft') {
        if (!stream) throw new StreamNotFound(streamId);
        await query(
          client,
          `insert into es_streams (stream_id, revision, deleted, truncate_before) values ($1, $2::bigint, 'soft', $2::bigint + 1)
           on conflict (stream_id) do update set deleted = 'soft', truncate_before = excluded.truncate_before`,
          [streamId, stream.revision.toString()],
        );
      } else {
        // A tombstone also erases the events themselves: this is how personal data is removed.
        await query(client, 'delete from es_events where stream_id = $1', [streamId]);
        await query(
          client,
          `insert into es_streams (stream_id, revision, deleted) values ($1, -1, 'tombstone')
           on conflict (stream_id) do update set deleted = 'tombstone', metadata = '{}'::jsonb`,
          [streamId],
        );
      }
    });
  }

  return {
    kind: 'postgres',
    appendToStream,
    readStream,
    withStreamLock,
    readAll: (opts = {}) => readAllWith(pool, opts),
    subscribeToAll,
    getStreamMetadata,
    setStreamMetadata,
    deleteStream: (streamId, opts) => removeStream(streamId, 'soft', opts),
    tombstoneStream: (streamId, opts) => removeStream(streamId, 'tombstone', opts),
    headPosition: () => headPositionWith(pool),
    async committedHead() {
      const { rows } = await query<{ tx_id: string; global_seq: string }>(
        pool,
        'select tx_id, global_seq from es_events order by tx_id desc, global_seq desc limit 1',
      );
      return rows[0] ? formatPosition(rows[0].tx_id, rows[0].global_seq) : null;
    },
    oldestEventTimeAfter,
    useInlineProjections(value) {
      inline = value.projections.length ? value : null;
    },
    async ping() {
      await query(pool, 'select 1');
    },
    async close() {
      wakeAll();
      await listener?.end().catch(() => undefined);
      listener = null;
      await pool.end();
    },
  };
}
