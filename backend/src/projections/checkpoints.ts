import type { Knex } from 'knex';
import type { Db } from '../infra/db';

/**
 * Projection checkpoints with a fencing epoch. Taking the lead of a projection increments its
 * epoch; every batch writes its checkpoint only if the epoch is still the one it took, so a
 * process that lost the lead without noticing (its lock session cut off mid-batch) cannot apply
 * a batch a second time: its transaction rolls back.
 */

export class LeadershipLost extends Error {
  override name = 'LeadershipLost';
}

/** Takes the lead: a new epoch, and the checkpoint to resume from. */
export async function takeLead(db: Db, name: string): Promise<{ epoch: number; position: string | null }> {
  const { rows } = await db.raw<{ rows: { epoch: string; position: string | null }[] }>(
    `insert into projection_checkpoints (name, position, epoch) values (?, null, 1)
     on conflict (name) do update set epoch = projection_checkpoints.epoch + 1
     returning epoch, position`,
    [name],
  );
  return { epoch: Number(rows[0].epoch), position: rows[0].position };
}

/** Moves the checkpoint inside the batch's transaction; throws LeadershipLost if fenced off. */
export async function advanceCheckpoint(
  trx: Knex | Knex.Transaction,
  name: string,
  epoch: number,
  position: string,
  lastEventAt: Date | null,
) {
  const updated = await trx('projection_checkpoints')
    .where({ name, epoch })
    .update({ position, updated_at: trx.fn.now(), last_event_at: lastEventAt });
  if (updated === 0) throw new LeadershipLost(`${name}: another process took the lead`);
}

/**
 * Sets the checkpoint outside the runner (a rebuild) and fences off the current leader, which
 * then resumes from here.
 */
export async function writeCheckpoint(
  db: Db,
  name: string,
  position: string | null,
  lastEventAt: Date | null,
) {
  await db.raw(
    `insert into projection_checkpoints (name, position, updated_at, last_event_at, epoch)
     values (?, ?, now(), ?, 1)
     on conflict (name) do update set position = excluded.position, updated_at = now(),
       last_event_at = excluded.last_event_at, epoch = projection_checkpoints.epoch + 1`,
    [name, position, lastEventAt],
  );
}
