import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../testing/db';
import { createDb, type Db } from '../infra/db';
import type { Projection } from '../projections/projection';
import { createPostgresEventStore } from './postgres';
import { type EventStore, StreamNotFound, readStreamOrEmpty } from './port';

/**
 * Inline projections on the PostgreSQL event store: the read model is written in the append's own
 * transaction, so an event and its row are committed together or not at all.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let store: EventStore;

const inlineCounter: Projection = {
  name: 'inline_counter',
  tables: ['inline_counts'],
  eventTypes: ['Counted', 'Poison'],
  lifecycle: 'inline',
  async apply(trx, event) {
    if (event.type === 'Poison') throw new Error('this read model refuses the event');
    await trx('inline_counts')
      .insert({ stream_id: event.streamId, n: 1, last_revision: event.revision.toString() })
      .onConflict('stream_id')
      .merge({ n: trx.raw('inline_counts.n + 1'), last_revision: event.revision.toString() });
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url });
  await db.raw(
    'create table inline_counts (stream_id text primary key, n int not null, last_revision bigint)',
  );
  store = createPostgresEventStore({ connectionString: database.url });
  store.useInlineProjections!({ db, projections: [inlineCounter] });
});
afterAll(async () => {
  await store.close();
  await db.destroy();
  await database.drop();
});

const event = (type: string) => ({ id: randomUUID(), type, data: {}, metadata: {} });

describe('inline projections (PostgreSQL event store)', () => {
  it('writes the row in the append: visible as soon as the append returns, once per event', async () => {
    const stream = `Inline-${randomUUID()}`;
    await store.appendToStream(stream, [event('Counted'), event('Counted')], {
      expectedRevision: 'no_stream',
    });
    await store.appendToStream(stream, [event('Counted'), event('Ignored')], { expectedRevision: 1n });
    expect(await db('inline_counts').where({ stream_id: stream }).first()).toMatchObject({
      n: 3,
      last_revision: 2,
    });
  });

  it('a retried append with the same event ids writes nothing twice', async () => {
    const stream = `Inline-${randomUUID()}`;
    const same = [event('Counted')];
    await store.appendToStream(stream, same, { expectedRevision: 'no_stream' });
    await store.appendToStream(stream, same, { expectedRevision: 'no_stream' });
    expect((await db('inline_counts').where({ stream_id: stream }).first()).n).toBe(1);
    expect(await readStreamOrEmpty(store, stream)).toHaveLength(1);
  });

  it('when the read model refuses an event, the append fails and nothing is recorded', async () => {
    const stream = `Inline-${randomUUID()}`;
    await expect(store.appendToStream(stream, [event('Counted'), event('Poison')])).rejects.toThrow(
      /refuses the event/,
    );
    await expect(store.readStream(stream)).rejects.toBeInstanceOf(StreamNotFound);
    expect(await db('inline_counts').where({ stream_id: stream }).first()).toBeUndefined();
    // the connection went back to the pool clean: the next append works
    await store.appendToStream(stream, [event('Counted')], { expectedRevision: 'no_stream' });
    expect((await db('inline_counts').where({ stream_id: stream }).first()).n).toBe(1);
  });
});
