import type { Db } from '../infra/db';
import type { EventStore, RecordedEvent } from '../eventStore/port';
import { type Projection, applyEvents } from './projection';
import { writeCheckpoint } from './checkpoints';

/**
 * Rebuilds a projection from the whole event log without taking the live read model away:
 * events are replayed into fresh copies of its tables in a shadow schema, and the copies are
 * swapped in (in one transaction) once they have caught up. Readers see the old tables until
 * the swap commits. An asynchronous projection may be rebuilt while it runs (the checkpoint write
 * fences its leader off); an inline one only with the API and workers stopped (see the
 * `rebuildProjections` CLI).
 */
export async function rebuildProjection(
  db: Db,
  store: EventStore,
  projection: Projection,
  options: { batchSize?: number } = {},
): Promise<{ events: number; position: string | null }> {
  const schema = `rebuild_${projection.name.replace(/\W/g, '_')}`;
  const batchSize = options.batchSize ?? 1_000;
  await db.raw('drop schema if exists ?? cascade', [schema]);
  await db.raw('create schema ??', [schema]);
  for (const table of projection.tables) {
    await db.raw('create table ??.?? (like public.?? including all)', [schema, table, table]);
  }

  let position: string | null = null;
  let count = 0;
  const replay = async (trx: Db, events: RecordedEvent[]) => {
    await trx.raw(`set local search_path to ${db.client.wrapIdentifier(schema)}, public`);
    await applyEvents(projection, trx as never, events);
  };
  for (;;) {
    const events = await store.readAll({ after: position, maxCount: batchSize });
    if (events.length === 0) break;
    await db.transaction((trx) => replay(trx as unknown as Db, events));
    position = events[events.length - 1].position;
    count += events.length;
  }

  await db.transaction(async (trx) => {
    // Hold the live tables while the last events are replayed and the copies swapped in.
    for (const table of projection.tables)
      await trx.raw('lock table public.?? in access exclusive mode', [table]);
    for (;;) {
      const events = await store.readAll({ after: position, maxCount: batchSize });
      if (events.length === 0) break;
      await replay(trx as unknown as Db, events);
      position = events[events.length - 1].position;
      count += events.length;
    }
    await trx.raw('set local search_path to public');
    for (const table of projection.tables) {
      await trx.raw('drop table public.??', [table]);
      await trx.raw('alter table ??.?? set schema public', [schema, table]);
    }
    // fences off a running leader, which then resumes from here
    await writeCheckpoint(trx as unknown as Db, projection.name, position, new Date());
  });
  await db.raw('drop schema if exists ?? cascade', [schema]);
  return { events: count, position };
}
