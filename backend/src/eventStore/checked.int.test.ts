import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { z } from 'zod';
import { type EventDef, defineEvent, eventsByType } from '@portal/contracts';
import { createTestDatabase } from '../../../testing/db';
import { summaryOf } from '../projections/auditLog';
import { InvalidEvent, withEventChecks } from './checked';
import { createPostgresEventStore } from './postgres';
import { type EventStore, type NewEvent, readStreamOrEmpty } from './port';

/**
 * Events are checked when written (issue 15 point 3): on the real PostgreSQL event store, an
 * event that does not match its contract is refused with nothing appended, each event carries
 * its type's schema version, and older versions are read through the type's upcasters.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let raw: EventStore;

// A type at version 2: version 1 held one `name`, version 2 splits it in two.
const Renamed = defineEvent({
  type: 'Renamed',
  schema: z.object({ firstName: z.string(), lastName: z.string() }),
  summary: (d) => `Renamed to ${d.firstName}`,
  version: 2,
  upcasters: {
    1: (data) => {
      const [firstName = '', ...rest] = String((data as { name: string }).name).split(' ');
      return { firstName, lastName: rest.join(' ') };
    },
  },
});
const registry = new Map<string, EventDef>([...eventsByType, ['Renamed', Renamed as EventDef]]);

const event = (type: string, data: unknown, schemaVersion?: number): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    actorId: null,
    correlationId: 'test',
    causationId: null,
    ...(schemaVersion ? { schemaVersion } : {}),
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  raw = createPostgresEventStore({ connectionString: database.url });
});
afterAll(async () => {
  await raw.close();
  await database.drop();
});

describe('the checked event store', () => {
  it('refuses an event whose data breaks its contract, and appends none of the batch', async () => {
    const store = withEventChecks(raw, registry);
    const stream = `Onboarding-${randomUUID()}`;
    const attempt = store.appendToStream(stream, [
      event('StepCompleted', { step: 2 }),
      event('StepCompleted', { step: 'two' }),
    ]);
    await expect(attempt).rejects.toBeInstanceOf(InvalidEvent);
    await expect(attempt).rejects.toThrow(/StepCompleted: step: .*number/);
    expect(await readStreamOrEmpty(raw, stream)).toEqual([]);
  });

  it('refuses a type the contracts do not declare', async () => {
    const store = withEventChecks(raw, registry);
    const stream = `Onboarding-${randomUUID()}`;
    await expect(store.appendToStream(stream, [event('StepTeleported', { step: 1 })])).rejects.toThrow(
      'Refused to record StepTeleported: the contracts declare no such event type',
    );
    expect(await readStreamOrEmpty(raw, stream)).toEqual([]);
  });

  it('records a valid event with its type schema version, whatever the caller wrote', async () => {
    const store = withEventChecks(raw, registry);
    const stream = `Profile-${randomUUID()}`;
    await store.appendToStream(stream, [event('Renamed', { firstName: 'Ana', lastName: 'Ruiz' }, 7)]);
    const [stored] = await raw.readStream(stream);
    expect(stored.metadata.schemaVersion).toBe(2);
    expect(stored.data).toEqual({ firstName: 'Ana', lastName: 'Ruiz' });
  });

  it('reads an event recorded under an older version through the upcasters, in every read', async () => {
    const stream = `Profile-${randomUUID()}`;
    // recorded by an older release: version 1, before the checks knew version 2
    await raw.appendToStream(stream, [event('Renamed', { name: 'Ana María Ruiz' }, 1)]);
    const store = withEventChecks(raw, registry);
    const upcast = { firstName: 'Ana', lastName: 'María Ruiz' };
    const [read] = await store.readStream(stream);
    expect(read.data).toEqual(upcast);
    expect(read.metadata).toMatchObject({ schemaVersion: 2, recordedSchemaVersion: 1 });
    const all = await store.readAll();
    expect(all.find((e) => e.id === read.id)?.data).toEqual(upcast);
    const subscription = store.subscribeToAll({ filter: { streamPrefixes: [stream] } });
    for await (const e of subscription) {
      expect(e.data).toEqual(upcast);
      break;
    }
    await subscription.close();
    // the stored row is left as it was recorded
    expect((await raw.readStream(stream))[0].data).toEqual({ name: 'Ana María Ruiz' });
  });

  it('keeps the committed head: a write behind an older open transaction is still waited for', async () => {
    // catchUp (read-your-writes of the audit log, the directory, the funnel) waits for the newest
    // committed event; a wrapper without committedHead would fall back to the readers' horizon,
    // which an older transaction still running holds below a write that already committed
    const store = withEventChecks(raw, registry);
    const older = new pg.Client({ connectionString: database.url });
    await older.connect();
    try {
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const written = await store.appendToStream(`Onboarding-${randomUUID()}`, [
        event('StepCompleted', { step: 2 }),
      ]);
      expect(store.committedHead).toBeTypeOf('function');
      expect(await store.committedHead!()).toBe(written.position);
      expect((await store.headPosition()) ?? '').not.toBe(written.position);
    } finally {
      await older.query('rollback').catch(() => undefined);
      await older.end();
    }
  });

  it('the audit line of an event no contract can read says so, with why', () => {
    expect(summaryOf({ type: 'StepCompleted', data: { step: 'two' } })).toMatch(
      /^Unreadable event: step: .*number/,
    );
    expect(summaryOf({ type: 'StepTeleported', data: {} })).toBe(
      'Unreadable event: the contracts declare no type StepTeleported',
    );
    expect(summaryOf({ type: 'StepCompleted', data: { step: 2 } })).not.toMatch(/Unreadable/);
  });
});
