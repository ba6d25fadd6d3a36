import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { createUser } from '../../../../testing/users';
import { handleCommand } from '../../app/commandHandler';
import { userDecider, userStream } from '../../domain/user/decider';

/**
 * GET /api/session, the partner app's start-up probe (issue 14 point 8): the user /api/me
 * answers, or `{ user: null }` with 200 where /api/me answers 401, so a signed-out visitor's
 * first page logs no error. It starts no session.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('GET /api/session', () => {
  it('answers 200 with no user and sets no cookie when signed out', async () => {
    const client = app.client();
    const res = await client.get('/api/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('answers the same user as /api/me when signed in, including a password change to make', async () => {
    for (const mustChangePassword of [false, true]) {
      const { client } = await createUser(app, { mustChangePassword });
      const [session, me] = [await client.get('/api/session'), await client.get('/api/me')];
      expect(session.status).toBe(200);
      expect(me.status).toBe(200);
      expect(session.body).toEqual({ user: me.body });
      expect(session.body.user.mustChangePassword).toBe(mustChangePassword);
    }
  });

  it('answers no user once the account is locked', async () => {
    const locked = await createUser(app);
    expect((await locked.client.get('/api/session')).body.user.id).toBe(locked.id);
    const result = await handleCommand(
      app.deps.store,
      userStream(locked.id),
      userDecider,
      { type: 'SetLocked', locked: true },
      { actorId: null, correlationId: randomUUID() },
    );
    if (result.position) await app.deps.projections.waitFor(result.position);
    const res = await locked.client.get('/api/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
  });
});
