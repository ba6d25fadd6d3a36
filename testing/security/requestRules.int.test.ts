import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passcodeClient } from '../auth';
import { startTestApp, type TestApp } from '../app';
import { createUser } from '../users';

/** Issue 13 point 10: smaller rules an attacker probes (each fails without its fix). */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('request rules', () => {
  it('the CSRF check compares the whole origin: another scheme or port of the same host is cross-site', async () => {
    const client = app.client();
    const body = { email: 'nobody@example.test', password: 'secret1' };
    const own = new URL(app.url);
    const otherScheme = `https://${own.host}`;
    const otherPort = `${own.protocol}//${own.hostname}:${Number(own.port) + 1}`;
    for (const origin of [otherScheme, otherPort]) {
      const res = await client.post('/api/login', body, { origin });
      expect(res.status, origin).toBe(403);
      expect(res.body.error).toBe('cross_site_request');
    }
    expect((await client.post('/api/login', body, { origin: own.origin })).status).toBe(401);
  });

  it('authenticated API answers are never stored by a cache; the calendar feed keeps its own rule', async () => {
    const user = await createUser(app);
    for (const path of ['/api/me', '/api/onboarding-progress', '/api/live-calls', '/api/partners']) {
      const res = await user.client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const feed = await app.client().get((await user.client.get('/api/live-calls')).body.calendarUrl);
    expect(feed.headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('a client-sent X-Request-Id is not the correlation id without the trusted proxy; sign-in failures log the client address', async () => {
    const user = await createUser(app);
    const chosen = 'attacker-chosen-id-0001';
    const res = await user.client.request(
      'PATCH',
      '/api/academy-tutorial',
      { skipTutorial: true, academyTourSeen: true },
      { 'x-request-id': chosen },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).not.toBe(chosen);
    const audit = await app.deps
      .db('audit_log')
      .where({ correlation_id: chosen })
      .count<{ n: string }[]>({ n: '*' });
    expect(Number(audit[0].n)).toBe(0);

    const logged: unknown[] = [];
    const logger = app.deps.logger;
    const info = logger.info.bind(logger);
    logger.info = ((obj: unknown, msg?: unknown) => {
      if (msg === 'sign-in failed') logged.push(obj);
      return info(obj as never, msg as never);
    }) as typeof logger.info;
    try {
      expect(
        (await app.client().post('/api/login', { email: user.email, password: 'not-the-one' })).status,
      ).toBe(401);
    } finally {
      logger.info = info;
    }
    expect(logged).toEqual([
      expect.objectContaining({ ip: expect.stringMatching(/127\.0\.0\.1/), reason: 'wrong_password' }),
    ]);
  });

  it('without a trusted proxy, X-Forwarded-For does not change the address the sign-in limits count (QUALITY 20)', async () => {
    expect(app.deps.config.TRUSTED_PROXY_HOPS).toBe(0);
    const user = await createUser(app);
    const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
    for (let i = 1; i <= 30; i++) {
      const res = await app
        .client()
        .request('POST', '/api/login', { email: user.email, password: `wrong-${i}` }, from(i));
      expect(res.status).toBe(401);
    }
    // thirty failures "from" thirty addresses all counted on the socket's one: the wait applies
    const res = await app
      .client()
      .request('POST', '/api/login', { email: user.email, password: user.password }, from(31));
    expect([res.status, res.body.error]).toEqual([429, 'too_many_attempts']);
  });

  it('the sponsor list shows only what the picker needs and no admin; registration accepts exactly those sponsors', async () => {
    const partner = await createUser(app, { firstName: 'Paula', lastName: 'Partner' });
    const admin = await createUser(app, { admin: true, firstName: 'Ada', lastName: 'Admin' });
    const locked = await createUser(app, { firstName: 'Lou', lastName: 'Locked' });
    expect(
      (await admin.client.post(`/api/admin/users-bulk`, { ids: [locked.id], action: 'lock' })).status,
    ).toBe(200);

    const client = await passcodeClient(app);
    const list = await client.get('/api/users/sponsors');
    expect(list.status).toBe(200);
    const ids = list.body.sponsors.map((s: { id: string }) => s.id);
    expect(ids).toContain(partner.id);
    expect(ids).not.toContain(admin.id);
    expect(ids).not.toContain(locked.id);
    for (const s of list.body.sponsors)
      expect(Object.keys(s).sort()).toEqual(['firstName', 'id', 'lastName', 'uid']);

    const register = (sponsorId: string) =>
      client.post('/api/register', {
        firstName: 'Nora',
        lastName: 'Newcomer',
        email: `nora-${Math.random().toString(36).slice(2, 10)}@example.test`,
        password: 'secret-pass-41',
        sponsorId,
      });
    for (const refused of [admin.id, locked.id]) {
      const res = await register(refused);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('sponsor_not_found');
    }
    expect((await register(partner.id)).status).toBe(200);
  });

  it('on a fresh portal, before any partner exists, the admins stand in as sponsors so the first partners can join', async () => {
    const fresh = await startTestApp();
    try {
      const admin = await createUser(fresh, { admin: true });
      const client = await passcodeClient(fresh);
      const before = (await client.get('/api/users/sponsors')).body.sponsors.map((s: { id: string }) => s.id);
      expect(before).toContain(admin.id);
      const partner = await createUser(fresh, { sponsorId: admin.id });
      const after = (await client.get('/api/users/sponsors')).body.sponsors.map((s: { id: string }) => s.id);
      expect(after).toEqual([partner.id]);
    } finally {
      await fresh.close();
    }
  });
});
