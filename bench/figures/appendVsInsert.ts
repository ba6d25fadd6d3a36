/**
 * Event store append vs plain single-row INSERTs into a table of the same shape, 16 writers
 * each, rounds interleaved (ours, plain, ours, ...) so both see the same machine.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPostgresEventStore } from '../../backend/src/eventStore/postgres';
import { type Report, fmt } from '../report';
import type { Scale } from '../scale';
import { dbUrl, runConcurrently } from '../setup';

const CONCURRENCY = 16;
const ROUNDS = 4;

export async function appendVsInsert(report: Report, scale: Scale, database: string) {
  const store = createPostgresEventStore({ connectionString: dbUrl(database), poolSize: CONCURRENCY });
  const pool = new pg.Pool({ connectionString: dbUrl(database), max: CONCURRENCY });
  try {
    await pool.query(
      'create table if not exists bench_plain (id bigint generated always as identity primary key, stream_id text, revision bigint, event_id uuid, type text, data jsonb, metadata jsonb, created_at timestamptz default now())',
    );
    const perRound = Math.max(100, Math.round(scale.appends / ROUNDS));
    // milliseconds one round takes
    const timed = async (fn: (i: number) => Promise<unknown>) =>
      (perRound / (await runConcurrently(perRound, CONCURRENCY, fn))) * 1000;
    let oursMs = 0;
    let plainMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      oursMs += await timed((i) =>
        store.appendToStream(`BenchAppend-${round}-${i}-${randomUUID()}`, [
          { id: randomUUID(), type: 'Benched', data: { i }, metadata: { actorId: null } },
        ]),
      );
      plainMs += await timed((i) =>
        pool.query(
          'insert into bench_plain (stream_id, revision, event_id, type, data, metadata) values ($1, 0, $2, $3, $4, $5)',
          [
            `BenchPlain-${round}-${i}`,
            randomUUID(),
            'Benched',
            JSON.stringify({ i }),
            JSON.stringify({ actorId: null }),
          ],
        ),
      );
    }
    const total = perRound * ROUNDS;
    const appendRate = total / (oursMs / 1000);
    const plainRate = total / (plainMs / 1000);
    report.record({
      figure: `Event store append (${CONCURRENCY} writers, ${ROUNDS} interleaved rounds, events/s)`,
      measured: fmt(appendRate),
      baseline: `${fmt(plainRate)} plain INSERT`,
      ratio: appendRate / plainRate,
      goal: '≥ 0.50',
      pass: appendRate / plainRate >= 0.5,
    });
  } finally {
    await pool.query('drop table if exists bench_plain').catch(() => undefined);
    await pool.end();
    await store.close();
  }
}
