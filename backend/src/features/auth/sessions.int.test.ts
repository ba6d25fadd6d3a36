import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, type TestClient, createClient, startTestApp } from '../../../../testing/app';
import { createUser, signIn } from '../../../../testing/users';
import { productionSecrets, testEnv } from '../../../../testing/env';
import { type Config, parseConfig } from '../../config';
import { createApp } from '../../http/createApp';
import { lockUser, passcodeClient, sessionIdOf } from '../../../../testing/auth';

/**
 * QUALITY.md, section Sessions (8-13). Extra Koa apps are built from the same runtime (same
 * database, Redis and sessions) with a changed configuration, as a redeploy would.
 */
let app: TestApp;
const servers: http.Server[] = [];

beforeAll(async () => {
  app = await startTestApp();
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  await app?.close();
});

async function variant(changes: Partial<Config>): Promise<string> {
  const koa = createApp({ ...app.deps, config: { ...app.deps.config, ...changes } }, app.runtime.features);
  const server = http.createServer(koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The same cookie jar, speaking to another server. */
function sameCookies(client: TestClient, url: string) {
  const other = createClient(url);
  other.cookie = client.cookie;
  return other;
}

const KEY_OLD = 'old-signing-key-0123456789abcdef0123456789';
const KEY_NEW = 'new-signing-key-abcdef0123456789abcdef0123';

describe('Sessions', () => {
  it('QUALITY 8: the session cookie is HttpOnly, SameSite=Lax, Path=/, and Secure outside local development', async () => {
    const u = await createUser(app);
    const res = await app.client().post('/api/login', { email: u.email, password: u.password });
    const cookies = res.headers.getSetCookie().filter((c) => c.startsWith('portal.sid='));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/; path=\//i);
    expect(cookies[0]).toMatch(/; samesite=lax/i);
    expect(cookies[0]).toMatch(/; httponly/i);
    expect(cookies[0]).not.toMatch(/; secure/i); // local test instance over http

    expect(parseConfig(testEnv('x', { NODE_ENV: 'production', ...productionSecrets() })).cookieSecure).toBe(
      true,
    );
    expect(parseConfig(testEnv('x', { NODE_ENV: 'development' })).cookieSecure).toBe(false);
    const secureUrl = await variant({ cookieSecure: true, TRUSTED_PROXY_HOPS: 1 });
    const viaTls = createClient(secureUrl);
    const tls = await viaTls.request(
      'POST',
      '/api/login',
      { email: u.email, password: u.password },
      { 'x-forwarded-proto': 'https' },
    );
    expect(tls.status).toBe(200);
    // over TLS the name carries the __Host- prefix (Secure, Path=/, no Domain: issue 13)
    const cookiesOverTls = tls.headers.getSetCookie();
    expect(cookiesOverTls.filter((c) => c.startsWith('portal.sid'))).toEqual([]);
    const secure = cookiesOverTls.filter((c) => c.startsWith('__Host-portal.sid'));
    // the session id and its signature
    expect(secure.map((c) => c.slice(0, c.indexOf('=')))).toEqual([
      '__Host-portal.sid',
      '__Host-portal.sid.sig',
    ]);
    for (const c of secure) {
      expect(c).toMatch(/; secure/i);
      expect(c).toMatch(/; path=\/(;|$)/i);
      expect(c).not.toMatch(/; domain=/i);
    }
    // and the prefixed cookie is the one the server reads back
    expect((await viaTls.request('GET', '/api/me', undefined, { 'x-forwarded-proto': 'https' })).status).toBe(
      200,
    );
  });

  it('QUALITY 9: login issues a new session id; the pre-login id is dead afterwards', async () => {
    const u = await createUser(app);
    const client = await passcodeClient(app); // an anonymous session with the passcode flag
    const before = sessionIdOf(client)!;
    const preLoginCookie = client.cookie;
    expect(before).toBeTruthy();
    expect((await client.post('/api/login', { email: u.email, password: u.password })).status).toBe(200);
    const after = sessionIdOf(client)!;
    expect(after).not.toBe(before);
    expect(await app.deps.sessions.get(before)).toBeUndefined();
    // replaying the pre-login cookie: no user, and not even the passcode flag survives
    const replay = createClient(app.url);
    replay.cookie = preLoginCookie;
    expect((await replay.get('/api/me')).status).toBe(401);
    expect((await replay.get('/api/users/sponsors')).status).toBe(403);
    // registration too starts a new session id
    const reg = await passcodeClient(app);
    const regBefore = sessionIdOf(reg);
    const res = await reg.post('/api/register', {
      firstName: 'S',
      lastName: 'Nine',
      email: 'q9@example.test',
      password: 'secret-9',
      sponsorId: u.id,
    });
    expect(res.status).toBe(200);
    expect(sessionIdOf(reg)).not.toBe(regBefore);
    expect(await app.deps.sessions.get(regBefore!)).toBeUndefined();
  });

  it('QUALITY 10: after logout, replaying the old cookie answers 401', async () => {
    const u = await createUser(app);
    const cookie = u.client.cookie;
    const sid = sessionIdOf(u.client)!;
    expect((await u.client.post('/api/logout')).status).toBe(200);
    expect(await app.deps.sessions.get(sid)).toBeUndefined();
    const replay = createClient(app.url);
    replay.cookie = cookie;
    expect((await replay.get('/api/me')).status).toBe(401);
    expect(
      (
        await replay.post('/api/update-profile', {
          firstName: 'A',
          lastName: 'B',
          phoneNumber: null,
          smsOptIn: false,
        })
      ).status,
    ).toBe(401);
  });

  it("QUALITY 11: locking ends the user's sessions; revocation ends all of a user's sessions at once", async () => {
    const u = await createUser(app);
    const clients = [u.client];
    for (let i = 0; i < 2; i++) {
      const c = app.client();
      await c.post('/api/login', { email: u.email, password: u.password });
      clients.push(c);
    }
    for (const c of clients) expect((await c.get('/api/me')).status).toBe(200);
    // the primitive every lock / delete / reset uses: all sessions gone in one call
    expect(await app.deps.sessions.revokeUser(u.id)).toBe(3);
    for (const c of clients) expect((await c.get('/api/me')).status).toBe(401);

    // a lock also ends any session that is still presented
    const v = await createUser(app);
    await lockUser(app, v.id);
    const sid = sessionIdOf(v.client)!;
    expect((await v.client.get('/api/me')).status).toBe(401);
    expect(await app.deps.sessions.get(sid)).toBeUndefined();
  });

  it('QUALITY 12: idle timeout and absolute lifetime are enforced on the server', async () => {
    const url = await variant({ SESSION_IDLE_MINUTES: 30, SESSION_ABSOLUTE_HOURS: 2 });
    const u = await createUser(app);
    const idle = createClient(url);
    expect((await idle.post('/api/login', { email: u.email, password: u.password })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const minutes = (n: number) => vi.setSystemTime(Date.now() + n * 60_000);
    minutes(2);
    const active = createClient(url);
    expect((await active.post('/api/login', { email: u.email, password: u.password })).status).toBe(200);

    // 31 idle minutes end a session, 29 do not
    minutes(29);
    expect((await idle.get('/api/me')).status).toBe(401);
    expect((await active.get('/api/me')).status).toBe(200);
    // activity keeps a session alive (rolling), 29 minutes at a time...
    for (let i = 0; i < 3; i++) {
      minutes(29);
      expect((await active.get('/api/me')).status).toBe(200);
    }
    // ...but not past its absolute lifetime (2 h after sign-in)
    minutes(29); // 145 minutes after sign-in
    expect((await active.get('/api/me')).status).toBe(401);
  });

  it("issue 13: admins' sessions have a shorter idle timeout and absolute lifetime than partners'", async () => {
    const url = await variant({
      SESSION_IDLE_MINUTES: 720,
      SESSION_ABSOLUTE_HOURS: 168,
      ADMIN_SESSION_IDLE_MINUTES: 30,
      ADMIN_SESSION_ABSOLUTE_HOURS: 8,
    });
    const partner = await createUser(app);
    const admin = await createUser(app, { admin: true });
    const partnerClient = createClient(url);
    const partnerLogin = await partnerClient.post('/api/login', {
      email: partner.email,
      password: partner.password,
    });
    const adminClient = createClient(url);
    await signIn(adminClient, admin);
    const expiresIn = (setCookie: string[]) => {
      const expires = /expires=([^;]+)/i.exec(setCookie.find((c) => c.startsWith('portal.sid=')) ?? '')?.[1];
      return (new Date(expires!).getTime() - Date.now()) / 60_000;
    };
    expect(expiresIn(partnerLogin.headers.getSetCookie())).toBeGreaterThan(700);
    const adminMe = await adminClient.get('/api/me');
    expect(adminMe.status).toBe(200);
    const adminSid = sessionIdOf(adminClient)!;
    const ttl = await app.deps.redis.pttl(`${app.deps.config.REDIS_PREFIX}sess:${adminSid}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 10_000); // koa-session adds 10 s to the store TTL

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const minutes = (n: number) => vi.setSystemTime(Date.now() + n * 60_000);
    minutes(31); // idle past the admins' 30 minutes: ended; a partner's session lives on
    expect((await adminClient.get('/api/me')).status).toBe(401);
    expect((await partnerClient.get('/api/me')).status).toBe(200);

    // the absolute lifetime: an active admin is signed out 8 hours after signing in
    vi.useRealTimers();
    const active = createClient(url);
    await signIn(active, admin);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (let i = 0; i < 16; i++) {
      minutes(29);
      expect((await active.get('/api/me')).status).toBe(200);
    }
    minutes(29); // 8 h 13 min after sign-in
    expect((await active.get('/api/me')).status).toBe(401);
  });

  it('QUALITY 13: signing keys rotate: a cookie signed with the previous key works until that key is removed', async () => {
    const oldOnly = await variant({ SESSION_KEYS: [KEY_OLD] });
    const rotated = await variant({ SESSION_KEYS: [KEY_NEW, KEY_OLD] });
    const newOnly = await variant({ SESSION_KEYS: [KEY_NEW] });
    const u = await createUser(app);

    const signedOld = createClient(oldOnly);
    expect((await signedOld.post('/api/login', { email: u.email, password: u.password })).status).toBe(200);
    const oldCookie = signedOld.cookie;

    // the new key is added first: the old cookie still works (and comes back signed with the new key)
    const during = sameCookies(signedOld, rotated);
    expect((await during.get('/api/me')).status).toBe(200);
    expect(during.cookie).not.toBe(oldCookie);

    // the old key is removed: a cookie signed only with it no longer works...
    const stale = createClient(newOnly);
    stale.cookie = oldCookie;
    expect((await stale.get('/api/me')).status).toBe(401);
    // ...while the re-signed one does
    expect((await sameCookies(during, newOnly).get('/api/me')).status).toBe(200);
  });
});
