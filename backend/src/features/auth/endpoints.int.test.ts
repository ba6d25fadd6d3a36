import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../../testing/app';
import { type CreatedUser, createUser } from '../../../../testing/users';
import {
  clearLimits,
  eventTypes,
  issueTemporaryPassword,
  lockUser,
  passcodeClient,
  sessionIdOf,
} from '../../../../testing/auth';

let app: TestApp;
let sponsor: CreatedUser;

beforeAll(async () => {
  app = await startTestApp();
  sponsor = await createUser(app, { firstName: 'Sam', lastName: 'Sponsor' });
});
afterAll(() => app?.close());
beforeEach(() => clearLimits(app));

const userCount = async () => Number((await app.deps.db('users').count({ n: '*' }).first())!.n);

/** The five roles of the authorization matrix, freshly made. */
async function roles() {
  const user = await createUser(app, { sponsorId: sponsor.id });
  const mustChange = await createUser(app, { mustChangePassword: true });
  const locked = await createUser(app);
  await lockUser(app, locked.id);
  const admin = await createUser(app, { admin: true });
  return {
    anonymous: app.client(),
    user: user.client,
    mustChange: mustChange.client,
    locked: locked.client,
    admin: admin.client,
  };
}

const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nora',
  lastName: 'Newcomer',
  email: `nora-${Math.random().toString(36).slice(2, 10)}@example.test`,
  password: 'secret-pass',
  sponsorId: sponsor.id,
  ...overrides,
});

describe('GET /api/me', () => {
  it('answers the signed-in user from the read model, with the sponsor name and ISO dates', async () => {
    const u = await createUser(app, { sponsorId: sponsor.id, firstName: 'Ada', lastName: 'Lovelace' });
    const res = await u.client.get('/api/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: u.id,
      uid: u.uid,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: u.email,
      sponsorId: sponsor.id,
      sponsorName: 'Sam Sponsor',
      isAdmin: false,
      isLocked: false,
      mustChangePassword: false,
    });
    expect(u.uid).toMatch(/^P-[2-9A-HJKMNP-Z]{6}$/);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(new Date(res.body.lastLoginAt).toISOString()).toBe(res.body.lastLoginAt);
    expect(res.body).not.toHaveProperty('passwordHash');
  });

  it('roles: anonymous 401, user 200, must-change 200, locked 401, admin 200 with isAdmin', async () => {
    const r = await roles();
    expect((await r.anonymous.get('/api/me')).status).toBe(401);
    expect((await r.user.get('/api/me')).status).toBe(200);
    const mc = await r.mustChange.get('/api/me');
    expect([mc.status, mc.body.mustChangePassword]).toEqual([200, true]);
    expect((await r.locked.get('/api/me')).status).toBe(401);
    const admin = await r.admin.get('/api/me');
    expect([admin.status, admin.body.isAdmin]).toEqual([200, true]);
  });

  it('the configured ADMIN_EMAIL is an admin without the flag, whatever its case', async () => {
    // the bootstrap admin has that address; a second account cannot, so check the rule on the bootstrap one
    const row = await app.deps.db('users').where({ email_lower: 'admin@portal.test' }).first();
    expect(row).toBeTruthy();
    await app.deps.db('users').where({ id: row.id }).update({ is_admin: false });
    const client = app.client();
    const login = await client.post('/api/login', {
      email: 'ADMIN@portal.test',
      password: 'Admin-Password-2026',
    });
    expect(login.status).toBe(200);
    expect(login.body.user.isAdmin).toBe(true);
    await app.deps.db('users').where({ id: row.id }).update({ is_admin: true });
  });
});

describe('POST /api/login', () => {
  it('signs in, answers {user}, records UserSignedIn and sets lastLoginAt', async () => {
    const u = await createUser(app);
    const client = app.client();
    const res = await client.post('/api/login', { email: u.email, password: u.password });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: u.id, email: u.email });
    expect(res.body.user.lastLoginAt).not.toBeNull();
    expect(sessionIdOf(client)).toBeTruthy();
    // sign-ins have their own stream; the user stream holds none
    expect(await eventTypes(app, `SignIns-${u.id}`)).toEqual(['UserSignedIn', 'UserSignedIn']);
    expect(await eventTypes(app, `User-${u.id}`)).not.toContain('UserSignedIn');
    expect((await client.get('/api/me')).body.id).toBe(u.id);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const u = await createUser(app);
    const res = await app
      .client()
      .post('/api/login', { email: `  ${u.email.toUpperCase()} `, password: u.password });
    expect(res.status).toBe(200);
  });

  it.each([
    [{ password: 'x' }, 'email'],
    [{ email: 'not-an-email', password: 'x' }, 'email'],
    [{ email: 'a@b.test' }, 'password'],
    [{ email: 'a@b.test', password: '' }, 'password'],
    [{ email: 'a@b.test', password: 'x'.repeat(73) }, 'password'],
    [{ email: 'a@b.test', password: 'x', remember: true }, 'remember'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const res = await app.client().post('/api/login', body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(field);
  });

  it('a user with a temporary password signs in but is confined', async () => {
    const u = await createUser(app, { mustChangePassword: true });
    const res = await app.client().post('/api/login', { email: u.email, password: u.password });
    expect([res.status, res.body.user.mustChangePassword]).toEqual([200, true]);
    const blocked = await u.client.post('/api/update-profile', {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: null,
      smsOptIn: false,
    });
    expect([blocked.status, blocked.body.error]).toEqual([403, 'password_change_required']);
  });

  it('a locked user cannot sign in; an admin can', async () => {
    const locked = await createUser(app);
    await lockUser(app, locked.id);
    const res = await app.client().post('/api/login', { email: locked.email, password: locked.password });
    expect([res.status, res.body.error]).toEqual([401, 'invalid_credentials']);
    const admin = await createUser(app, { admin: true });
    const ok = await app.client().post('/api/login', { email: admin.email, password: admin.password });
    expect([ok.status, ok.body.user.isAdmin]).toEqual([200, true]);
  });
});

describe('POST /api/logout', () => {
  it('roles: anonymous 401; user, must-change and admin sign out (200), locked 401', async () => {
    const r = await roles();
    expect((await r.anonymous.post('/api/logout')).status).toBe(401);
    for (const client of [r.user, r.mustChange, r.admin]) {
      const res = await client.post('/api/logout');
      expect([res.status, res.body]).toEqual([200, { success: true }]);
      expect((await client.get('/api/me')).status).toBe(401);
    }
    expect((await r.locked.post('/api/logout')).status).toBe(401);
  });

  it('refuses a body', async () => {
    const u = await createUser(app);
    expect((await u.client.post('/api/logout', { all: true })).status).toBe(400);
  });
});

describe('POST /api/verify-passcode', () => {
  it('answers {valid: true} for the passcode (trimmed) and remembers it in the session', async () => {
    const client = app.client();
    expect((await client.get('/api/users/sponsors')).status).toBe(403);
    const res = await client.post('/api/verify-passcode', { passcode: '  TESTPASS ' });
    expect([res.status, res.body]).toEqual([200, { valid: true }]);
    expect((await client.get('/api/users/sponsors')).status).toBe(200);
  });

  it('answers {valid: false} for a wrong passcode and remembers nothing', async () => {
    const client = app.client();
    const res = await client.post('/api/verify-passcode', { passcode: 'testpass' });
    expect([res.status, res.body]).toEqual([200, { valid: false }]);
    expect((await client.post('/api/register', registration())).body.error).toBe('passcode_required');
  });

  it.each([
    [{}],
    [{ passcode: '' }],
    [{ passcode: '   ' }],
    [{ passcode: 'x'.repeat(201) }],
    [{ passcode: 'TESTPASS', admin: true }],
  ])('refuses %j with 400', async (body) => {
    expect((await app.client().post('/api/verify-passcode', body)).status).toBe(400);
  });

  it('limits wrong passcodes per address: the 11th wrong try within 15 minutes answers 429', async () => {
    const client = app.client();
    for (let i = 0; i < 10; i++)
      expect((await client.post('/api/verify-passcode', { passcode: `guess-${i}` })).body.valid).toBe(false);
    const res = await client.post('/api/verify-passcode', { passcode: 'TESTPASS' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('works for every role (public)', async () => {
    const r = await roles();
    for (const client of [r.anonymous, r.user, r.mustChange, r.locked, r.admin]) {
      expect((await client.post('/api/verify-passcode', { passcode: 'TESTPASS' })).body).toEqual({
        valid: true,
      });
    }
  });
});

describe('GET /api/users/sponsors', () => {
  it('lists unlocked users with id, uid and names only', async () => {
    const lockedSponsor = await createUser(app, { firstName: 'Lou', lastName: 'Locked' });
    await lockUser(app, lockedSponsor.id);
    const client = await passcodeClient(app);
    const res = await client.get('/api/users/sponsors');
    expect(res.status).toBe(200);
    const sam = res.body.sponsors.find((s: { id: string }) => s.id === sponsor.id);
    expect(sam).toEqual({ id: sponsor.id, uid: sponsor.uid, firstName: 'Sam', lastName: 'Sponsor' });
    expect(res.body.sponsors.some((s: { id: string }) => s.id === lockedSponsor.id)).toBe(false);
    // the bootstrap admin (ADMIN_EMAIL) is not offered as a sponsor
    expect(
      res.body.sponsors.some(
        (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}` === 'Admin Portal',
      ),
    ).toBe(false);
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('roles: anonymous without the passcode 403; signed-in users 200; must-change 403; locked 403', async () => {
    const r = await roles();
    expect((await r.anonymous.get('/api/users/sponsors')).body.error).toBe('passcode_required');
    expect((await r.user.get('/api/users/sponsors')).status).toBe(200);
    expect((await r.admin.get('/api/users/sponsors')).status).toBe(200);
    // a locked user's session is ended: they are a visitor without the passcode
    expect((await r.locked.get('/api/users/sponsors')).status).toBe(403);
  });
});

describe('POST /api/register', () => {
  it('creates the account, signs in with a new session id, answers {user}', async () => {
    const client = await passcodeClient(app);
    const before = sessionIdOf(client);
    const body = registration({ email: 'Nora.New@Example.test' });
    const res = await client.post('/api/register', body);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      firstName: 'Nora',
      lastName: 'Newcomer',
      email: 'nora.new@example.test',
      sponsorId: sponsor.id,
      sponsorName: 'Sam Sponsor',
      isAdmin: false,
      newsletter: true,
      mustChangePassword: false,
    });
    expect(res.body.user.uid).toMatch(/^P-[2-9A-HJKMNP-Z]{6}$/);
    expect(res.body.user.lastLoginAt).not.toBeNull();
    expect(sessionIdOf(client)).not.toBe(before);
    expect((await client.get('/api/me')).body.id).toBe(res.body.user.id);
    expect(await eventTypes(app, `User-${res.body.user.id}`)).toEqual([
      'UserRegistered',
      'NewsletterSubscribed',
    ]);
    expect(await eventTypes(app, `SignIns-${res.body.user.id}`)).toEqual(['UserSignedIn']);
    const again = await app
      .client()
      .post('/api/login', { email: 'nora.new@example.test', password: body.password });
    expect(again.status).toBe(200);
  });

  it('the newsletter opt-in can be declined', async () => {
    const client = await passcodeClient(app);
    const res = await client.post('/api/register', registration({ newsletter: false }));
    expect([res.status, res.body.user.newsletter]).toEqual([200, false]);
  });

  it('refuses a session that has not verified the passcode (403 passcode_required), writing nothing', async () => {
    const n = await userCount();
    const res = await app.client().post('/api/register', registration());
    expect([res.status, res.body.error]).toEqual([403, 'passcode_required']);
    expect(await userCount()).toBe(n);
  });

  it.each([
    ['firstName', { firstName: '' }],
    ['firstName', { firstName: '   ' }],
    ['lastName', { lastName: undefined }],
    ['lastName', { lastName: 'x'.repeat(101) }],
    ['email', { email: 'nope' }],
    ['email', { email: '' }],
    ['password', { password: '12345' }],
    ['password', { password: 'é'.repeat(37) }],
    ['sponsorId', { sponsorId: '' }],
    ['newsletter', { newsletter: 'yes' }],
    ['isAdmin', { isAdmin: true }],
    ['mustChangePassword', { mustChangePassword: false }],
    ['uid', { uid: 'P-AAAAAA' }],
    ['passwordHash', { passwordHash: '$2b$04$x' }],
  ])('refuses a bad or extra %s with 400 and writes nothing', async (field, overrides) => {
    const client = await passcodeClient(app);
    const n = await userCount();
    const res = await client.post('/api/register', registration(overrides));
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(field);
    expect(await userCount()).toBe(n);
  });

  it('the sponsor must exist and not be locked', async () => {
    const lockedSponsor = await createUser(app);
    await lockUser(app, lockedSponsor.id);
    const client = await passcodeClient(app);
    for (const sponsorId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', lockedSponsor.id]) {
      const res = await client.post('/api/register', registration({ sponsorId }));
      expect([res.status, res.body.error]).toEqual([400, 'sponsor_not_found']);
      expect(res.body.fields.sponsorId).toMatch(/sponsor/);
    }
  });

  it('e-mails are unique whatever their case: 409 on the e-mail field', async () => {
    const existing = await createUser(app);
    const client = await passcodeClient(app);
    const n = await userCount();
    const res = await client.post('/api/register', registration({ email: existing.email.toUpperCase() }));
    expect([res.status, res.body.error]).toEqual([409, 'email_taken']);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'fields', 'message', 'requestId']);
    expect(res.body.fields.email).toMatch(/already exists/);
    expect(await userCount()).toBe(n);
    // the failed attempt did not sign anybody in
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('two simultaneous registrations of one address (case variants): exactly one wins', async () => {
    const a = await passcodeClient(app);
    const b = await passcodeClient(app);
    const email = `race-${Date.now()}@example.test`;
    const answers = await Promise.all([
      a.post('/api/register', registration({ email })),
      b.post('/api/register', registration({ email: email.toUpperCase() })),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await app.deps.db('users').where({ email_lower: email })).length).toBe(1);
  });

  it('is rate limited per address: the 11th attempt within an hour answers 429', async () => {
    const client = await passcodeClient(app);
    for (let i = 0; i < 10; i++)
      expect((await client.post('/api/register', registration({ sponsorId: 'not-a-uuid' }))).status).toBe(
        400,
      );
    const res = await client.post('/api/register', registration());
    expect([res.status, res.body.error]).toEqual([429, 'too_many_attempts']);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/reset-required-password', () => {
  it('replaces the temporary password, clears the flag, answers {user}; the old password stops working', async () => {
    const u = await createUser(app, { mustChangePassword: true });
    const res = await u.client.post('/api/reset-required-password', { newPassword: 'my-own-secret' });
    expect(res.status).toBe(200);
    expect(res.body.user.mustChangePassword).toBe(false);
    expect(
      (
        await u.client.post('/api/update-profile', {
          firstName: 'A',
          lastName: 'B',
          phoneNumber: null,
          smsOptIn: false,
        })
      ).status,
    ).toBe(200);
    expect((await app.client().post('/api/login', { email: u.email, password: u.password })).status).toBe(
      401,
    );
    expect(
      (await app.client().post('/api/login', { email: u.email, password: 'my-own-secret' })).status,
    ).toBe(200);
    expect(await eventTypes(app, `User-${u.id}`)).toContain('PasswordChanged');
  });

  it('after an admin reset, the user is held until the new password is set', async () => {
    const u = await createUser(app);
    await issueTemporaryPassword(app, u.id, 'Temp-123456');
    const client = app.client();
    expect(
      (await client.post('/api/login', { email: u.email, password: 'Temp-123456' })).body.user
        .mustChangePassword,
    ).toBe(true);
    expect(
      (await client.post('/api/change-password', { currentPassword: 'Temp-123456', newPassword: 'abcdefg' }))
        .status,
    ).toBe(403);
    expect((await client.post('/api/reset-required-password', { newPassword: 'brand-new-1' })).status).toBe(
      200,
    );
    expect((await client.get('/api/me')).body.mustChangePassword).toBe(false);
  });

  it.each([
    [{ newPassword: '123456' }, 'Please choose a more secure password.'],
    [{ newPassword: '12345' }, 'Password must be at least 6 characters long'],
    [{ newPassword: 'x'.repeat(73) }, 'Password must be at most 72 bytes'],
    [{}, undefined],
    [{ newPassword: 'abcdefgh', isAdmin: true }, 'is not allowed'],
  ])('refuses %j with 400', async (body, message) => {
    const u = await createUser(app, { mustChangePassword: true });
    const res = await u.client.post('/api/reset-required-password', body);
    expect(res.status).toBe(400);
    if (message) expect(Object.values(res.body.fields).join(' ')).toContain(message);
    expect((await u.client.get('/api/me')).body.mustChangePassword).toBe(true);
  });

  it('refuses the temporary password itself', async () => {
    const u = await createUser(app, { mustChangePassword: true });
    const res = await u.client.post('/api/reset-required-password', { newPassword: u.password });
    expect([res.status, res.body.error]).toEqual([400, 'same_password']);
  });

  it('roles: anonymous 401, user without the flag 409, locked 401, admin without the flag 409', async () => {
    const r = await roles();
    const body = { newPassword: 'another-one' };
    expect((await r.anonymous.post('/api/reset-required-password', body)).status).toBe(401);
    expect((await r.user.post('/api/reset-required-password', body)).body.error).toBe(
      'password_change_not_required',
    );
    expect((await r.locked.post('/api/reset-required-password', body)).status).toBe(401);
    expect((await r.admin.post('/api/reset-required-password', body)).status).toBe(409);
    expect((await r.mustChange.post('/api/reset-required-password', body)).status).toBe(200);
  });
});

describe('POST /api/change-password', () => {
  it('needs the current password, then answers success and the new one works', async () => {
    const u = await createUser(app);
    const res = await u.client.post('/api/change-password', {
      currentPassword: u.password,
      newPassword: 'fresh-password',
    });
    expect([res.status, res.body.success]).toEqual([200, true]);
    expect(
      (await app.client().post('/api/login', { email: u.email, password: 'fresh-password' })).status,
    ).toBe(200);
    expect((await app.client().post('/api/login', { email: u.email, password: u.password })).status).toBe(
      401,
    );
  });

  it.each([
    [
      { currentPassword: 'wrong-one', newPassword: 'fresh-password' },
      'currentPassword',
      'Current password is incorrect.',
    ],
    [{ currentPassword: '', newPassword: 'fresh-password' }, 'currentPassword', 'Required'],
    [{ currentPassword: 'CURRENT', newPassword: '12345' }, 'newPassword', 'at least 6'],
    [{ currentPassword: 'CURRENT', newPassword: '€'.repeat(25) }, 'newPassword', '72 bytes'],
    [{ currentPassword: 'CURRENT', newPassword: 'CURRENT' }, 'newPassword', 'different'],
    [{ currentPassword: 'CURRENT', newPassword: 'fresh-password', userId: 'x' }, 'userId', 'not allowed'],
  ])('refuses %j (400 on %s) and keeps the password', async (body, field, message) => {
    const u = await createUser(app);
    const fill = (v: unknown) => (v === 'CURRENT' ? u.password : v);
    const res = await u.client.post(
      '/api/change-password',
      Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill(v)])),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toContain(message);
    expect((await app.client().post('/api/login', { email: u.email, password: u.password })).status).toBe(
      200,
    );
  });

  it('roles: anonymous 401, must-change 403, locked 401, admin 200', async () => {
    const r = await roles();
    const body = { currentPassword: 'whatever', newPassword: 'fresh-password' };
    expect((await r.anonymous.post('/api/change-password', body)).status).toBe(401);
    expect((await r.mustChange.post('/api/change-password', body)).status).toBe(403);
    expect((await r.locked.post('/api/change-password', body)).status).toBe(401);
    const admin = await createUser(app, { admin: true });
    expect(
      (
        await admin.client.post('/api/change-password', {
          currentPassword: admin.password,
          newPassword: 'admin-fresh-1',
        })
      ).status,
    ).toBe(200);
  });
});

describe('POST /api/update-profile', () => {
  it('trims, stores blank phone as null, answers {user}', async () => {
    const u = await createUser(app);
    const res = await u.client.post('/api/update-profile', {
      firstName: '  Grace ',
      lastName: ' Hopper ',
      phoneNumber: '   ',
      smsOptIn: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: null,
      smsOptIn: false,
    });
    const sms = await u.client.post('/api/update-profile', {
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber: ' +1 555 0100 ',
      smsOptIn: true,
    });
    expect(sms.body.user).toMatchObject({ phoneNumber: '+1 555 0100', smsOptIn: true });
    expect((await u.client.get('/api/me')).body.phoneNumber).toBe('+1 555 0100');
  });

  it('saving the same values records nothing', async () => {
    const u = await createUser(app, { firstName: 'Same', lastName: 'Name' });
    const body = { firstName: 'Same', lastName: 'Name', phoneNumber: null, smsOptIn: false };
    await u.client.post('/api/update-profile', body);
    const before = (await eventTypes(app, `User-${u.id}`)).length;
    expect((await u.client.post('/api/update-profile', body)).status).toBe(200);
    expect((await eventTypes(app, `User-${u.id}`)).length).toBe(before);
  });

  it.each([
    ['firstName', { firstName: '' }],
    ['lastName', { lastName: '  ' }],
    ['phoneNumber', { phoneNumber: null, smsOptIn: true }],
    ['phoneNumber', { phoneNumber: '1'.repeat(41) }],
    ['smsOptIn', { smsOptIn: undefined }],
    ['isAdmin', { isAdmin: true }],
    ['email', { email: 'new@example.test' }],
    ['sponsorId', { sponsorId: null }],
    ['isLocked', { isLocked: false }],
  ])('refuses a bad or extra %s with 400 and changes nothing', async (field, overrides) => {
    const u = await createUser(app, { firstName: 'Keep', lastName: 'Me' });
    const res = await u.client.post('/api/update-profile', {
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '123',
      smsOptIn: false,
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(field);
    expect((await u.client.get('/api/me')).body).toMatchObject({
      firstName: 'Keep',
      lastName: 'Me',
      isAdmin: false,
    });
  });

  it('roles: anonymous 401, must-change 403, locked 401, admin 200', async () => {
    const r = await roles();
    const body = { firstName: 'A', lastName: 'B', phoneNumber: null, smsOptIn: false };
    expect((await r.anonymous.post('/api/update-profile', body)).status).toBe(401);
    expect((await r.mustChange.post('/api/update-profile', body)).status).toBe(403);
    expect((await r.locked.post('/api/update-profile', body)).status).toBe(401);
    expect((await r.admin.post('/api/update-profile', body)).status).toBe(200);
    expect((await r.user.post('/api/update-profile', body)).status).toBe(200);
  });
});
