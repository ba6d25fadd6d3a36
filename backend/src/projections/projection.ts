import type { Knex } from 'knex';
import type { RecordedEvent } from '../eventStore/port';

/**
 * A read model kept up to date from events. `apply` runs inside the transaction that also
 * writes the projection's checkpoint, so each event takes effect exactly once.
 * `apply` must use unqualified table names: a rebuild runs it with a search_path that points
 * at fresh shadow tables.
 */
export interface Projection {
  name: string;
  /** tables this projection owns (recreated on rebuild) */
  tables: string[];
  /** event types it reacts to; other events only move its checkpoint */
  eventTypes?: string[];
  /**
   * 'inline': on the PostgreSQL event store, applied in the append's own transaction (the read
   * models a command's answer reads); 'async' (default): applied by a leader-run runner.
   * With EventStoreDB every projection is asynchronous.
   */
  lifecycle?: 'inline' | 'async';
  /**
   * Who waits for an asynchronous projection, so that a command answered by any process shows
   * on the next read from any process. 'command' (default): the command waits until it has
   * applied the command's events (ProjectionHost.settle). 'read': for read models that other
   * people read (the audit log, the partners directory): commands do not wait; each read of
   * them first catches up with every event committed before the read began
   * (ProjectionHost.catchUp), so the cost falls on the rare reader, not on every command.
   */
  readYourWrites?: 'command' | 'read';
  apply(trx: Knex.Transaction, event: RecordedEvent): Promise<void>;
  /**
   * Optional: applies a run of events (already filtered by eventTypes, in log order) with
   * fewer statements than one `apply` each. Must have the same effect as `apply` in order.
   */
  applyBatch?(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void>;
}

export const handlesType = (projection: Projection, type: string) =>
  !projection.eventTypes || projection.eventTypes.includes(type);

export const handles = (projection: Projection, event: RecordedEvent) => handlesType(projection, event.type);

/** Applies a batch of events to a projection: its own batch method when it has one. */
export async function applyEvents(projection: Projection, trx: Knex.Transaction, events: RecordedEvent[]) {
  const relevant = events.filter((e) => handles(projection, e));
  if (relevant.length === 0) return;
  if (projection.applyBatch) return projection.applyBatch(trx, relevant);
  for (const event of relevant) await projection.apply(trx, event);
}

/**
 * Inline projections: read models updated in the append's own transaction (as Marten's and
 * emmett's inline projections are), so a command's answer needs no wait and a crash can never
 * separate an event from its row.
 */
export interface InlineProjections {
  db: Knex;
  projections: Projection[];
}
