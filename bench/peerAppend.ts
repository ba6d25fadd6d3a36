import { randomUUID } from 'node:crypto';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { createPostgresEventStore } from '../backend/src/eventStore/postgres';
import { runConcurrently } from './setup';

/**
 * Our PostgreSQL event store against emmett-postgresql's on the same server, database and
 * concurrency: single-event appends to new streams (as a registration does), each store with a
 * pool of `concurrency` connections, rounds interleaved so both see the same machine.
 */
export async function comparePeerAppend(options: {
  connectionString: string;
  concurrency: number;
  appendsPerRound: number;
  rounds: number;
}) {
  const { connectionString, concurrency, appendsPerRound, rounds } = options;
  const ours = createPostgresEventStore({ connectionString, poolSize: concurrency });
  const peerPool = new pg.Pool({ connectionString, max: concurrency });
  const peer = getPostgreSQLEventStore(connectionString, {
    connectionOptions: { pooled: true, pool: peerPool },
  });
  await peer.schema.migrate();
  // milliseconds one round of appends takes
  const run = async (append: (i: number) => Promise<unknown>) =>
    (appendsPerRound / (await runConcurrently(appendsPerRound, concurrency, append))) * 1000;
  let oursMs = 0;
  let peerMs = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      oursMs += await run((i) =>
        ours.appendToStream(`BenchOurs-${round}-${i}-${randomUUID()}`, [
          { id: randomUUID(), type: 'Benched', data: { i }, metadata: { actorId: null } },
        ]),
      );
      peerMs += await run((i) =>
        peer.appendToStream(`BenchPeer-${round}-${i}-${randomUUID()}`, [
          { type: 'Benched', data: { i }, metadata: { actorId: null } },
        ]),
      );
    }
  } finally {
    await ours.close();
    await peer.close();
    await peerPool.end().catch(() => undefined);
  }
  const total = appendsPerRound * rounds;
  return { ours: total / (oursMs / 1000), peer: total / (peerMs / 1000) };
}
