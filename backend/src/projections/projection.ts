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
  apply(trx: Knex.Transaction, event: RecordedEvent): Promise<void>;
}

export const handles = (projection: Projection, event: RecordedEvent) =>
  !projection.eventTypes || projection.eventTypes.includes(event.type);
