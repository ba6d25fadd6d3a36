import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../testing/db';
import { countingProjection } from '../../../testing/fixtures/countingProjection';
import { createDb, type Db } from '../infra/db';
import { createLogger } from '../infra/logger';
import { createMetrics } from '../infra/metrics';
import { createPostgresEventStore } from '../eventStore/postgres';
import type { EventStore } from '../eventStore/port';
import { ProjectionHost } from './runner';
import type { Projection } from './projection';
import { rebuildProjection } from './rebuild';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url });
  store = createPostgresEventStore({ connectionString: database.url, pollIntervalMs: 20 });
  await db.raw('create table counted (event_id uuid primary key, times int not null)');
  await db.raw('create table totals (name text primary key, total int not null)');
});
afterAll(async () => {
  await store.close();
  await db.destroy();
  await database.drop();
});

const append = (stream: string, type: string, data: Record<string, unknown> = {}) =>
  store.appendToStream(stream, [{ id: randomUUID(), type, data, metadata: {} }]);

const host = (projections: Projection[], metrics = createMetrics('test')) =>
  new ProjectionHost(
    {
      db,
      store,
      logger: createLogger({ level: 'silent' }),
      metrics,
      databaseUrl: database.url,
      batchSize: 5,
    },
    projections,
  );

describe('projection runner', () => {
  it('applies each event once, keeps a checkpoint, and read-your-writes waits for it', async () => {
    const h = host([countingProjection]);
    h.start();
    try {
      let last = '';
      for (let i = 0; i < 23; i++) last = (await append(`Runner-${i % 3}`, 'Counted')).position;
      await h.waitFor(last, { timeoutMs: 10_000 });
      const rows = await db('counted').select('times');
      expect(rows.map((r) => r.times)).toEqual(Array(23).fill(1));
      const checkpoint = await db('projection_checkpoints').where({ name: 'counting' }).first();
      expect(checkpoint.position >= last).toBe(true);
    } finally {
      await h.stop();
    }
    // A new host resumes from the checkpoint: nothing applied twice.
    const again = host([countingProjection]);
    again.start();
    try {
      const { position } = await append('Runner-x', 'Counted');
      await again.waitFor(position, { timeoutMs: 10_000 });
      const rows = await db('counted').select('times');
      expect(rows.map((r) => r.times)).toEqual(Array(24).fill(1));
    } finally {
      await again.stop();
    }
  });

  it('dead-letters an event that keeps failing and goes on with the next ones', async () => {
    const metrics = createMetrics('test');
    const fragile: Projection = {
      name: 'fragile',
      tables: ['totals'],
      eventTypes: ['Added', 'Poison'],
      async apply(trx, event) {
        if (event.type === 'Poison') throw new Error('cannot apply this one');
        await trx.raw(
          "insert into totals (name, total) values ('fragile', 1) on conflict (name) do update set total = totals.total + 1",
        );
      },
    };
    const h = host([fragile], metrics);
    h.start();
    try {
      await append('Fragile-1', 'Added');
      const poison = await append('Fragile-1', 'Poison');
      const { position } = await append('Fragile-1', 'Added');
      await h.waitFor(position, { timeoutMs: 10_000 });
      const total = await db('totals').where({ name: 'fragile' }).first();
      expect(total.total).toBe(2);
      const dead = await db('projection_dead_letters').where({ projection: 'fragile' });
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({
        position: poison.position,
        event_type: 'Poison',
        error: 'cannot apply this one',
      });
      const lag = await metrics.registry.getSingleMetricAsString('projection_dead_letters_total');
      expect(lag).toMatch(/projection="fragile"[^}]*} 1/);
    } finally {
      await h.stop();
    }
  });

  it('releases every leader lock on stop, so the next host (same process or not) leads all projections', async () => {
    const many = ['a', 'b', 'c', 'd'].map((n) => ({
      ...countingProjection,
      name: `lead_${n}`,
      eventTypes: ['LeadOnly'],
      apply: async () => undefined,
    }));
    const first = host(many);
    first.start();
    const { position } = await append('Lead-1', 'LeadOnly');
    await first.waitFor(position, { timeoutMs: 10_000 });
    expect((await first.status()).every((s) => s.leader)).toBe(true);
    await first.stop();
    const second = host(many);
    second.start();
    try {
      const next = await append('Lead-1', 'LeadOnly');
      await second.waitFor(next.position, { timeoutMs: 10_000 });
      expect((await second.status()).every((s) => s.leader)).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it('times out a read-your-writes wait that cannot be met', async () => {
    const h = host([countingProjection]);
    await expect(h.waitFor('99999999999999999999:99999999999999999999', { timeoutMs: 50 })).rejects.toThrow(
      /did not reach/,
    );
  });

  it('rebuilds a read model from the log into shadow tables and swaps it in with the same content', async () => {
    const before = await db('counted').orderBy('event_id').select();
    await db('counted').update({ times: 99 }); // damage the live table
    const { events } = await rebuildProjection(db, store, countingProjection, { batchSize: 7 });
    expect(events).toBeGreaterThanOrEqual(before.length);
    const after = await db('counted').orderBy('event_id').select();
    expect(after).toEqual(before);
  });
});

describe('many concurrent writers with rollbacks (QUALITY 24)', () => {
  it('every committed event reaches every projection exactly once, in stream order; a rolled-back one never', async () => {
    // A store whose appends commit late and in random order, and roll back after inserting
    // (streams named Rollback-*, and one append in ten anywhere).
    const racy = createPostgresEventStore({
      connectionString: database.url,
      poolSize: 16,
      pollIntervalMs: 20,
      beforeCommit: async (streamId) => {
        await new Promise((r) => setTimeout(r, Math.random() * 15));
        if (streamId.startsWith('Rollback') || Math.random() < 0.1) throw new Error('injected rollback');
      },
    });
    /** Records each application in order: a second one of an event shows as times = 2. */
    const ordered = (suffix: string): Projection => ({
      name: `ordered_${suffix}`,
      tables: [`applied_${suffix}`],
      eventTypes: ['Raced'],
      async apply(trx, event) {
        await trx.raw(
          `insert into applied_${suffix} (event_id, stream_id, revision, times) values (?, ?, ?, 1)
           on conflict (event_id) do update set times = applied_${suffix}.times + 1`,
          [event.id, event.streamId, String(event.revision)],
        );
      },
    });
    const projections = [ordered('a'), ordered('b')];
    for (const p of projections)
      await db.raw(
        `create table ${p.tables[0]} (seq bigserial, event_id uuid primary key, stream_id text not null,
         revision bigint not null, times int not null)`,
      );
    const h = new ProjectionHost(
      { db, store: racy, logger: createLogger({ level: 'silent' }), databaseUrl: database.url, batchSize: 5 },
      projections,
    );
    h.start();
    try {
      const committed = new Map<string, string>();
      const rolledBack = new Set<string>();
      const streams = Array.from({ length: 8 }, (_, i) => `Raced-${i}-${randomUUID().slice(0, 6)}`);
      const writer = async (w: number) => {
        for (let i = 0; i < 30; i++) {
          const streamId = i % 7 === 0 ? `Rollback-${w}-${i}` : streams[(w + i) % streams.length];
          const id = randomUUID();
          try {
            const r = await racy.appendToStream(streamId, [
              { id, type: 'Raced', data: { w, i }, metadata: {} },
            ]);
            committed.set(id, r.position);
          } catch (error) {
            if (!/injected rollback/.test(String(error))) throw error;
            rolledBack.add(id);
          }
        }
      };
      await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
      expect(rolledBack.size).toBeGreaterThan(0);
      const last = [...committed.values()].sort().at(-1)!;
      await h.waitFor(last, { timeoutMs: 30_000 });

      for (const p of projections) {
        const rows = await db(p.tables[0])
          .orderBy('seq')
          .select('event_id', 'stream_id', 'revision', 'times');
        // exactly the committed events, each applied once
        expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(committed.keys()));
        expect(rows).toHaveLength(committed.size);
        expect(rows.filter((r) => r.times !== 1)).toEqual([]);
        // applied in stream order: each stream's revisions 0, 1, 2, ... in the order applied
        for (const streamId of streams) {
          const revisions = rows.filter((r) => r.stream_id === streamId).map((r) => Number(r.revision));
          expect(revisions.length).toBeGreaterThan(0);
          expect(revisions).toEqual(revisions.map((_, i) => i));
        }
      }
    } finally {
      await h.stop();
      await racy.close();
    }
  }, 120_000);
});

describe('crash safety (QUALITY 25)', () => {
  it('killing the process during appends loses no acknowledged event and applies none twice', async () => {
    await db('counted').delete();
    await db('projection_checkpoints').where({ name: 'counting' }).delete();
    const acked = new Set<string>();
    const run = (append: boolean, killAfterAcks: number | null) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'testing/fixtures/appendAndProject.ts'], {
          env: { ...process.env, DATABASE_URL: database.url, APPEND: append ? '1' : '0' },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let buffer = '';
        let seen = 0;
        let killing = false;
        child.stdout.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          const lines = buffer.split('\n');
          buffer = lines.pop() ?? '';
          for (const line of lines) {
            if (!line.startsWith('ack ')) continue;
            acked.add(line.slice(4));
            seen++;
          }
          // SIGKILL at a random moment once this run has appended enough.
          if (killAfterAcks !== null && seen >= killAfterAcks && !killing) {
            killing = true;
            setTimeout(() => child.kill('SIGKILL'), Math.random() * 50);
          }
        });
        child.on('error', reject);
        child.on('exit', () => resolve());
      });
    // Three crashes mid-stream (SIGKILL: no cleanup at all), then a run that only projects.
    await run(true, 40);
    await run(true, 25);
    await run(true, 15);
    const stored = new Set(
      (
        await db('es_events')
          .where('type', 'Counted')
          .where('stream_id', 'like', 'Crash-%')
          .select('event_id')
      ).map((r) => r.event_id),
    );
    for (const id of acked) expect(stored.has(id)).toBe(true);
    expect(acked.size).toBeGreaterThan(20);

    const h = host([countingProjection]);
    h.start();
    const countedSoFar = async () =>
      Number(
        (
          await db('counted')
            .whereIn('event_id', [...stored])
            .count<{ n: number }[]>('* as n')
        )[0].n,
      );
    try {
      const deadline = Date.now() + 20_000;
      while ((await countedSoFar()) < stored.size && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await h.stop();
    }
    const counted = await db('counted')
      .whereIn('event_id', [...stored])
      .select('event_id', 'times');
    expect(counted).toHaveLength(stored.size);
    expect(counted.filter((r) => r.times !== 1)).toEqual([]);
  });
});
