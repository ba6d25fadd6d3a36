import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { allRoutes } from '@portal/contracts';
import { type TestApp, type TestClient, startTestApp } from '../../../../testing/app';
import { createUser } from '../../../../testing/users';
import { bcryptCost } from '../../infra/passwords';
import { createAccount } from './accounts';
import { bootstrapAdmin } from './index';
import {
  clearLimits,
  eventTypes,
  issueTemporaryPassword,
  lockUser,
  passcodeClient,
  withoutRequestId,
} from '../../../../testing/auth';

/**
 * QUALITY.md, section Authentication (1-7): one named test each. The app trusts one proxy hop
 * so tests can speak from different client addresses (X-Forwarded-For), and hashes with cost 5
 * so a lower-cost hash can be seen upgraded.
 */
let app: TestApp;
const warnings: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ BCRYPT_COST: '5', TRUSTED_PROXY_HOPS: '1', LOG_LEVEL: 'silent' });
  // Keep the real loggers; also note every warning message (lockouts must be logged).
  const logger = app.deps.logger;
  // (requests log through the root logger; their request id comes from the request scope)
  const warn = logger.warn.bind(logger);
  logger.warn = ((obj: unknown, msg?: string) => {
    warnings.push(typeof obj === 'string' ? obj : String(msg));
    return warn(obj as never, msg as never);
  }) as typeof logger.warn;
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.deps.now = () => new Date();
  await clearLimits(app);
});

let ipCounter = 0;
const newIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const loginFrom = (client: TestClient, ip: string, email: string, password: string) =>
  client.request('POST', '/api/login', { email, password }, { 'x-forwarded-for': ip });

describe('Authentication', () => {
  it('QUALITY 1: failed logins answer identically for unknown e-mail, wrong password and locked account; unknown e-mails still run a bcrypt compare', async () => {
    const known = await createUser(app);
    const locked = await createUser(app);
    await lockUser(app, locked.id);
    const verify = vi.spyOn(app.deps.passwords, 'verify');
    const ip = newIp();
    const unknown = await loginFrom(app.client(), ip, 'nobody-here@example.test', 'whatever1');
    // the unknown address was compared against a hash of the configured cost (5 here)
    expect(verify).toHaveBeenCalledTimes(1);
    expect(bcryptCost(verify.mock.calls[0][1])).toBe(5);
    const wrong = await loginFrom(app.client(), ip, known.email, 'not-the-password');
    const lockedAnswer = await loginFrom(app.client(), ip, locked.email, locked.password);
    expect(verify).toHaveBeenCalledTimes(3);
    verify.mockRestore();
    for (const res of [unknown, wrong, lockedAnswer]) {
      expect(res.status).toBe(401);
      expect(withoutRequestId(res.body)).toEqual({
        error: 'invalid_credentials',
        message: 'Incorrect email or password.',
      });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('QUALITY 2: per-account counter for each client address (case variants share it) with growing waits after 30 failures, the same 429 for every account state, reset by success, a per-IP limit, lockouts logged', async () => {
    const u = await createUser(app);
    const locked = await createUser(app);
    await lockUser(app, locked.id);
    const accounts = [u.email, 'ghost-account@example.test', locked.email];
    const answers: Record<string, unknown>[] = [];
    for (const email of accounts) {
      const ip = newIp();
      for (let i = 1; i <= 30; i++) {
        const variant = i % 2 ? email.toUpperCase() : email;
        expect((await loginFrom(app.client(), ip, variant, `wrong-${i}`)).status).toBe(401);
      }
      // the 30th failure imposed a 1-minute wait on this address: even the right password is refused
      const password = email === locked.email ? locked.password : u.password;
      const res = await loginFrom(app.client(), ip, email, password);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBe(60);
      answers.push(withoutRequestId(res.body));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      error: 'too_many_attempts',
      message: expect.stringMatching(/Too many sign-in attempts/),
    });
    expect(warnings).toContain('account temporarily locked after failed sign-ins');

    // a minute later the 31st failure imposes two minutes
    const attacker = newIp();
    for (let i = 1; i <= 30; i++) await loginFrom(app.client(), attacker, u.email, `wrong-${i}`);
    const start = Date.now();
    app.deps.now = () => new Date(start + 61_000);
    expect((await loginFrom(app.client(), attacker, u.email, 'wrong-31')).status).toBe(401);
    const second = await loginFrom(app.client(), attacker, u.email, u.password);
    expect([second.status, Number(second.headers.get('retry-after'))]).toEqual([429, 120]);

    // the counter is forgotten 12 h after the last failure
    const key = (await app.deps.redis.keys(`${app.deps.config.REDIS_PREFIX}login-failures:*`))[0];
    const ttl = await app.deps.redis.ttl(key);
    expect(ttl).toBeGreaterThan(12 * 3600 - 60);
    expect(ttl).toBeLessThanOrEqual(12 * 3600);

    // after the wait, the right password works and resets the counter
    app.deps.now = () => new Date(start + 61_000 + 121_000);
    expect((await loginFrom(app.client(), attacker, u.email, u.password)).status).toBe(200);
    expect((await loginFrom(app.client(), attacker, u.email, 'wrong-again')).status).toBe(401);
    expect((await loginFrom(app.client(), attacker, u.email, u.password)).status).toBe(200);

    // per IP: 100 failures (spread over accounts, none reaching 30) block that address only
    await clearLimits(app);
    const ip = newIp();
    for (let i = 0; i < 100; i++) {
      expect((await loginFrom(app.client(), ip, `spray-${i % 5}@example.test`, `guess-${i}`)).status).toBe(
        401,
      );
    }
    const blocked = await loginFrom(app.client(), ip, u.email, u.password);
    expect([blocked.status, blocked.body.error]).toEqual([429, 'too_many_attempts']);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // a forged leading X-Forwarded-For does not escape it (QUALITY 20: only the trusted hop counts)
    expect((await loginFrom(app.client(), `203.0.113.7, ${ip}`, u.email, u.password)).status).toBe(429);
    expect((await loginFrom(app.client(), newIp(), u.email, u.password)).status).toBe(200);
    expect(warnings).toContain('sign-in refused: too many failures from this address');
  }, 180_000);

  it('QUALITY 3: bcrypt at the configured cost, lower costs re-hashed at next login, over 72 bytes refused, minimum 6, 123456 refused on the forced change', async () => {
    const u = await createUser(app);
    const row = await app.deps.db('users').where({ id: u.id }).first();
    expect(bcryptCost(row.password_hash)).toBe(5);
    expect(row.password_hash).toMatch(/^\$2[aby]\$05\$/);

    // an old cost-4 hash is replaced at the next sign-in
    const created = await createAccount(
      app.deps,
      {
        firstName: 'Old',
        lastName: 'Hash',
        email: 'old-hash@example.test',
        passwordHash: await bcrypt.hash('legacy-pass', 4),
        sponsorId: null,
        newsletter: false,
        source: 'seed',
      },
      { actorId: null, correlationId: 'test' },
    );
    await app.deps.projections.waitFor(created.position!);
    expect(
      (await app.client().post('/api/login', { email: 'old-hash@example.test', password: 'legacy-pass' }))
        .status,
    ).toBe(200);
    const upgraded = await app.deps.db('users').where({ id: created.userId }).first();
    expect(bcryptCost(upgraded.password_hash)).toBe(5);
    const events = await app.deps.store.readStream(`User-${created.userId}`);
    expect(events.find((e) => e.type === 'PasswordChanged')?.data).toMatchObject({ reason: 'rehash' });
    expect(
      (await app.client().post('/api/login', { email: 'old-hash@example.test', password: 'legacy-pass' }))
        .status,
    ).toBe(200);

    // 72 UTF-8 bytes is the limit (24 x '€' = 72 bytes; 25 = 75 bytes)
    const client = await passcodeClient(app);
    const tooLong = await client.post('/api/register', {
      firstName: 'A',
      lastName: 'B',
      email: 'bytes@example.test',
      password: '€'.repeat(25),
      sponsorId: u.id,
      newsletter: false,
    });
    expect([tooLong.status, tooLong.body.fields.password]).toEqual([
      400,
      'Password must be at most 72 bytes',
    ]);
    const exact = await client.post('/api/register', {
      firstName: 'A',
      lastName: 'B',
      email: 'bytes@example.test',
      password: '€'.repeat(24),
      sponsorId: u.id,
      newsletter: false,
    });
    expect(exact.status).toBe(200);
    expect(
      (await app.client().post('/api/login', { email: 'bytes@example.test', password: '€'.repeat(24) }))
        .status,
    ).toBe(200);

    const short = await (
      await passcodeClient(app)
    ).post('/api/register', {
      firstName: 'A',
      lastName: 'B',
      email: 'short@example.test',
      password: '12345',
      sponsorId: u.id,
    });
    expect(short.body.fields.password).toBe('Password must be at least 6 characters long');
    const forced = await createUser(app, { mustChangePassword: true });
    const insecure = await forced.client.post('/api/reset-required-password', { newPassword: '123456' });
    expect([insecure.status, insecure.body.fields.newPassword]).toEqual([
      400,
      'Please choose a more secure password.',
    ]);
  });

  it("QUALITY 4: a password change needs the current password and ends the user's other sessions", async () => {
    const u = await createUser(app);
    const other = app.client();
    expect((await other.post('/api/login', { email: u.email, password: u.password })).status).toBe(200);
    const wrong = await u.client.post('/api/change-password', {
      currentPassword: 'not-it',
      newPassword: 'changed-pass',
    });
    expect([wrong.status, wrong.body.error]).toEqual([400, 'wrong_current_password']);
    expect((await other.get('/api/me')).status).toBe(200);
    expect(
      (
        await u.client.post('/api/change-password', {
          currentPassword: u.password,
          newPassword: 'changed-pass',
        })
      ).status,
    ).toBe(200);
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await u.client.get('/api/me')).status).toBe(200);
  });

  it('QUALITY 5: after an admin reset (temporary password, mustChangePassword) every endpoint but the password change, /api/me and logout answers 403', async () => {
    const u = await createUser(app);
    await issueTemporaryPassword(app, u.id, 'Temporary-1');
    const client = app.client();
    expect(
      (await client.post('/api/login', { email: u.email, password: 'Temporary-1' })).body.user
        .mustChangePassword,
    ).toBe(true);
    const uuid = '00000000-0000-4000-8000-000000000001';
    const allowed = new Set(['/api/me', '/api/logout', '/api/reset-required-password']);
    let checked = 0;
    for (const route of Object.values(allRoutes)) {
      // 'signedIn' routes (me, logout and the second-factor code step of the sign-in itself)
      if (route.access === 'public' || route.access === 'signedIn' || allowed.has(route.path)) continue;
      const path = route.path.replace(/:\w+|\{\w+\}/g, uuid);
      const res = await client.request(route.method, path, route.method === 'GET' ? undefined : {});
      expect([route.path, res.status]).toEqual([route.path, 403]);
      expect(res.body.error).toBe('password_change_required');
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(2);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await client.post('/api/reset-required-password', { newPassword: 'Permanent-1' })).status).toBe(
      200,
    );
    expect(
      (
        await client.post('/api/update-profile', {
          firstName: 'A',
          lastName: 'B',
          phoneNumber: null,
          smsOptIn: false,
        })
      ).status,
    ).toBe(200);
    expect((await client.post('/api/logout')).status).toBe(200);
  });

  it('QUALITY 6: registration needs the passcode verified on the server and a real sponsor, is rate limited, and reveals no more than the form needs', async () => {
    const sponsor = await createUser(app, { firstName: 'Real', lastName: 'Sponsor' });
    const body = {
      firstName: 'Q',
      lastName: 'Six',
      email: 'q6@example.test',
      password: 'secret-six',
      sponsorId: sponsor.id,
    };
    // no passcode: refused; a client-side flag means nothing to the server
    expect((await app.client().post('/api/register', body)).body.error).toBe('passcode_required');
    const wrongCode = app.client();
    expect((await wrongCode.post('/api/verify-passcode', { passcode: 'guess' })).body.valid).toBe(false);
    expect((await wrongCode.post('/api/register', body)).body.error).toBe('passcode_required');
    // not a real sponsor
    const client = await passcodeClient(app);
    expect(
      (await client.post('/api/register', { ...body, sponsorId: '00000000-0000-4000-8000-000000000009' }))
        .body.error,
    ).toBe('sponsor_not_found');
    expect((await client.post('/api/register', body)).status).toBe(200);
    // an existing address: only that it exists (the form must say so), nothing about the account
    const again = await (
      await passcodeClient(app)
    ).post('/api/register', { ...body, email: 'Q6@example.test' });
    expect(again.status).toBe(409);
    expect(withoutRequestId(again.body)).toEqual({
      error: 'email_taken',
      message: 'An account with this email already exists. Please sign in instead.',
      fields: { email: 'An account with this email already exists. Please sign in instead.' },
    });
    // the sponsor list carries no e-mail addresses
    expect(JSON.stringify((await client.get('/api/users/sponsors')).body)).not.toMatch(/@/);
    // rate limit per client address
    const ip = newIp();
    const limited = await passcodeClient(app);
    for (let i = 0; i < 10; i++)
      await limited.request('POST', '/api/register', { ...body, sponsorId: 'x' }, { 'x-forwarded-for': ip });
    expect((await limited.request('POST', '/api/register', body, { 'x-forwarded-for': ip })).status).toBe(
      429,
    );
  });

  it('QUALITY 7: no default admin; the bootstrap admin comes from configuration, must change its password at first login, and is created once across restarts and concurrent starts', async () => {
    const admin = await app.deps.db('users').where({ email_lower: 'admin@portal.test' });
    expect(admin).toHaveLength(1);
    expect(admin[0]).toMatchObject({ is_admin: true, must_change_password: true });
    const client = app.client();
    const login = await client.post('/api/login', {
      email: 'admin@portal.test',
      password: 'Admin-Password-2026',
    });
    expect(login.body.user).toMatchObject({ isAdmin: true, mustChangePassword: true });
    expect(
      (
        await client.post('/api/update-profile', {
          firstName: 'A',
          lastName: 'B',
          phoneNumber: null,
          smsOptIn: false,
        })
      ).status,
    ).toBe(403);

    // restarts and concurrent starts: still one account, one registration
    const results = await Promise.all([
      bootstrapAdmin(app.deps),
      bootstrapAdmin(app.deps),
      bootstrapAdmin(app.deps),
    ]);
    expect(results).toEqual(['exists', 'exists', 'exists']);
    // once in the life of the database: another configured address is not bootstrapped again
    // (the race on a fresh database: testing/security/firstAdmin.int.test.ts)
    const fresh = { ...app.deps, config: { ...app.deps.config, ADMIN_EMAIL: 'second-admin@portal.test' } };
    const again = await Promise.all([bootstrapAdmin(fresh), bootstrapAdmin(fresh)]);
    expect(again).toEqual(['exists', 'exists']);
    expect(await app.deps.db('users').where({ email_lower: 'second-admin@portal.test' })).toHaveLength(0);

    // without ADMIN_PASSWORD nobody is created
    const none = {
      ...app.deps,
      config: { ...app.deps.config, ADMIN_EMAIL: 'third-admin@portal.test', ADMIN_PASSWORD: undefined },
    };
    expect(await bootstrapAdmin(none)).toBe('skipped');
    expect(await eventTypes(app, 'User-nobody')).toEqual([]);
    expect(await app.deps.db('users').where({ email_lower: 'third-admin@portal.test' })).toHaveLength(0);
  });
});
