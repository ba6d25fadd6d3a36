import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const meta = (actorId: string | null) => ({
  actorId,
  correlationId: randomUUID(),
  causationId: null,
  schemaVersion: 1,
});

describe('audit log projection', () => {
  it('records every event with actor and summary, never secrets, and erases personal data when the user is deleted', async () => {
    const { store, db, projections } = app.deps;
    const userId = randomUUID();
    const adminId = randomUUID();
    const registered = await store.appendToStream(`User-${userId}`, [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: {
          userId,
          uid: 'P-AUDIT1',
          firstName: 'Lena',
          lastName: 'Park',
          email: 'lena@example.test',
          passwordHash: '$2b$04$secret',
          sponsorId: null,
          isAdmin: false,
          mustChangePassword: false,
          source: 'self',
        },
        metadata: meta(userId),
      },
      { id: randomUUID(), type: 'UserLocked', data: {}, metadata: meta(adminId) },
    ]);
    let rows: Record<string, unknown>[];
    await projections.waitFor(registered.position);
    rows = await db('audit_log').where({ subject_id: userId }).orderBy('position');
    expect(rows.map((r) => [r.event_type, r.actor_id, r.summary])).toEqual([
      ['UserRegistered', userId, 'Account created (self)'],
      ['UserLocked', adminId, 'Account locked'],
    ]);
    expect(JSON.stringify(rows[0].changes)).toContain('lena@example.test');
    expect(JSON.stringify(rows[0].changes)).not.toContain('secret');

    const deletion = await store.appendToStream(`Deletion-${userId}`, [
      { id: randomUUID(), type: 'UserDeleted', data: { userId }, metadata: meta(adminId) },
    ]);
    await projections.waitFor(deletion.position);
    rows = await db('audit_log').where({ subject_id: userId }).orderBy('position');
    expect(rows.map((r) => r.event_type)).toEqual(['UserRegistered', 'UserLocked', 'UserDeleted']);
    expect(JSON.stringify(rows)).not.toContain('lena');
    expect(JSON.stringify(rows)).not.toContain('Park');
    expect(rows[2]).toMatchObject({ actor_id: adminId, summary: 'Account deleted; personal data erased' });
    expect(await db('users').where({ id: userId }).first()).toBeUndefined();
  });
});
