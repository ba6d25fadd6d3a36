import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { createUser } from '../../../../testing/users';
import { handleCommand } from '../../app/commandHandler';
import { userDecider, userStream } from '../../domain/user/decider';
import { signInStream } from '../../domain/user/signIns';
import type { EventStore } from '../../eventStore/port';

/** Sign-ins live on `SignIns-<id>`: a command on the user does not get dearer with each sign-in. */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
});
afterAll(() => app?.close());

/** The store, noting the length of every stream a command reads. */
function countingReads(store: EventStore) {
  const reads: { streamId: string; length: number }[] = [];
  const counting: EventStore = {
    ...store,
    async readStream(streamId, options) {
      const events = await store.readStream(streamId, options);
      reads.push({ streamId, length: events.length });
      return events;
    },
  };
  return { counting, reads };
}

const meta = (actorId: string) => ({ actorId, correlationId: randomUUID() });

describe('sign-ins on their own stream', () => {
  it('after 20 sign-ins a command on the user reads a stream of the same length as before them', async () => {
    const u = await createUser(app);
    const userLength = (await app.deps.store.readStream(userStream(u.id))).length;
    const signInsBefore = (await app.deps.store.readStream(signInStream(u.id))).length;
    expect(signInsBefore).toBe(1); // createUser signed in once

    const before = countingReads(app.deps.store);
    await handleCommand(
      before.counting,
      userStream(u.id),
      userDecider,
      { type: 'SetLanguage', language: 'es' },
      meta(u.id),
    );
    expect(before.reads).toEqual([{ streamId: userStream(u.id), length: userLength }]);

    let last = '';
    for (let i = 0; i < 20; i++) {
      const res = await app.client().post('/api/login', { email: u.email, password: u.password });
      expect(res.status).toBe(200);
      last = res.body.user.lastLoginAt;
    }
    const signIns = await app.deps.store.readStream(signInStream(u.id));
    expect(signIns).toHaveLength(21);
    expect(signIns.every((e) => e.type === 'UserSignedIn' && e.metadata.actorId === u.id)).toBe(true);
    // the user stream grew by the one command only
    expect(await app.deps.store.readStream(userStream(u.id))).toHaveLength(userLength + 1);

    const after = countingReads(app.deps.store);
    await handleCommand(
      after.counting,
      userStream(u.id),
      userDecider,
      { type: 'SetLanguage', language: 'fr' },
      meta(u.id),
    );
    expect(after.reads).toEqual([{ streamId: userStream(u.id), length: userLength + 1 }]);

    // the read model's last sign-in is the last one recorded, and the answer said so
    const row = await app.deps.db('users').where({ id: u.id }).first('last_login_at');
    expect(new Date(row.last_login_at).toISOString()).toBe((signIns.at(-1)!.data as { at: string }).at);
    expect(last).toBe((signIns.at(-1)!.data as { at: string }).at);
  });

  it('the audit log lists each sign-in under the user, and the partners directory shows the last', async () => {
    const u = await createUser(app);
    await app.client().post('/api/login', { email: u.email, password: u.password });
    await app.deps.projections.catchUp('audit_log', 'partner_directory');
    const rows = await app.deps
      .db('audit_log')
      .where({ subject_id: u.id, event_type: 'UserSignedIn' })
      .orderBy('position');
    expect(rows.map((r: { stream_id: string; summary: string }) => [r.stream_id, r.summary])).toEqual([
      [signInStream(u.id), 'Signed in'],
      [signInStream(u.id), 'Signed in'],
    ]);
    const [user, directory] = await Promise.all([
      app.deps.db('users').where({ id: u.id }).first('last_login_at'),
      app.deps.db('partner_directory').where({ user_id: u.id }).first('last_login_at'),
    ]);
    expect(directory.last_login_at).not.toBeNull();
    expect(new Date(directory.last_login_at).toISOString()).toBe(new Date(user.last_login_at).toISOString());
  });

  it('a sign-in recorded on the user stream by an older version still counts, and the decider ignores it', async () => {
    const u = await createUser(app);
    const at = '2026-01-02T03:04:05.000Z';
    const { position } = await app.deps.store.appendToStream(userStream(u.id), [
      { id: randomUUID(), type: 'UserSignedIn', data: { at }, metadata: { actorId: u.id } },
    ]);
    await app.deps.projections.waitFor(position);
    const row = await app.deps.db('users').where({ id: u.id }).first('last_login_at');
    expect(new Date(row.last_login_at).toISOString()).toBe(at);
    const result = await handleCommand(
      app.deps.store,
      userStream(u.id),
      userDecider,
      { type: 'SetLanguage', language: 'fr' },
      meta(u.id),
    );
    expect(result.events).toEqual([{ type: 'PreferredLanguageChanged', data: { language: 'fr' } }]);
    expect(result.state).toMatchObject({ exists: true, email: u.email, language: 'fr' });
  });
});
