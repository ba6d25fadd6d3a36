import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt, timeStep } from '../../backend/src/domain/user/secondFactor';
import { readStreamOrEmpty } from '../../backend/src/eventStore/port';
import { startTestApp, type TestApp, type TestClient } from '../app';
import { createUser, settledTimeStep, signIn } from '../users';

/**
 * Issue 13 point 3, QUALITY 34 (ASVS 6.3.3): admins sign in with a second factor (TOTP with
 * recovery codes). An admin without one is confined to the enrolment; an enrolled account's
 * password alone opens nothing but the code step; wrong codes are throttled per account and
 * address; a code and a recovery code work once; another admin can reset it, audited.
 * The app trusts one proxy hop, so the test speaks from different addresses.
 */
let app: TestApp;
let watcher: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  app = await startTestApp({ TRUSTED_PROXY_HOPS: '1' });
  watcher = await createUser(app, { admin: true });
});
afterAll(() => app.close());

const from = (client: TestClient, ip: string) => ({
  post: (path: string, body?: unknown) => client.request('POST', path, body ?? {}, { 'x-forwarded-for': ip }),
  get: (path: string) => client.request('GET', path, undefined, { 'x-forwarded-for': ip }),
});
const nowCode = (secret: string, offset = 0) => codeAt(secret, timeStep(Date.now()) + offset);

async function audit(eventType: string, subjectId: string) {
  const filter = encodeURIComponent(JSON.stringify({ eventType, subjectId }));
  const res = await watcher.client.get(`/api/admin/audit?filter=${filter}`);
  expect(res.status).toBe(200);
  return res.body as { actorId: string | null; summary: string; changes: Record<string, unknown> | null }[];
}

/** Signs in with the password only: the session still owes its second factor. */
async function passwordOnly(user: { email: string; password: string }, ip = '10.30.0.1') {
  const client = app.client();
  const res = await from(client, ip).post('/api/login', { email: user.email, password: user.password });
  expect(res.status).toBe(200);
  return { client, res, at: from(client, ip) };
}

describe('QUALITY 34: admins sign in with a second factor (TOTP with recovery codes)', () => {
  it('an admin without a second factor reaches nothing but the enrolment, then the console', async () => {
    const admin = await createUser(app, { admin: true, secondFactor: false });
    const me = await admin.client.get('/api/me');
    expect(me.body.secondFactor).toEqual({ enrolled: false, required: true, pending: 'enrol' });
    for (const path of ['/api/admin/users', '/api/admin/audit', '/api/onboarding-progress']) {
      const res = await admin.client.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toBe('second_factor_enrolment_required');
    }

    const start = await admin.client.post('/api/second-factor/enrolment');
    expect(start.status).toBe(200);
    expect(start.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(start.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(start.body.otpauthUrl).toContain(`secret=${start.body.secret}`);
    // the entry in the authenticator app carries the product's name
    expect(new URL(start.body.otpauthUrl).searchParams.get('issuer')).toBe('Training Academy');
    const secret: string = start.body.secret;

    const wrong = await admin.client.post('/api/second-factor/enrolment/confirm', {
      code: nowCode(secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_code');
    expect((await admin.client.get('/api/admin/users')).status).toBe(403);

    const confirmed = await admin.client.post('/api/second-factor/enrolment/confirm', {
      code: nowCode(secret),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(confirmed.body.secondFactor).toEqual({ enrolled: true, required: true, pending: null });
    expect((await admin.client.get('/api/admin/users')).status).toBe(200);
    // a second enrolment is refused; the secret never comes back
    expect((await admin.client.post('/api/second-factor/enrolment')).status).toBe(409);
    expect(JSON.stringify((await admin.client.get('/api/me')).body)).not.toContain(secret);

    const [line] = await audit('SecondFactorEnrolled', admin.id);
    expect(line).toMatchObject({ actorId: admin.id, summary: 'Second factor (authenticator app) set up' });
    // neither the secret (kept encrypted) nor the recovery codes' hashes reach the audit log
    expect(JSON.stringify(line)).not.toMatch(/secret|recoveryCodeHashes/i);
    const stored = JSON.stringify(
      (await readStreamOrEmpty(app.deps.store, `User-${admin.id}`)).map((e) => e.data),
    );
    expect(stored).not.toContain(secret);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    for (const code of confirmed.body.recoveryCodes as string[]) expect(stored).not.toContain(code);
  });

  it("an enrolled admin's password alone opens nothing but the code step; the code opens the console", async () => {
    const admin = await createUser(app, { admin: true });
    const { client, res, at } = await passwordOnly(admin);
    expect(res.body.user.secondFactor).toEqual({ enrolled: true, required: true, pending: 'verify' });
    const cookieBefore = client.cookie;
    for (const path of ['/api/admin/users', '/api/onboarding-progress']) {
      const denied = await at.get(path);
      expect(denied.status, path).toBe(403);
      expect(denied.body.error).toBe('second_factor_required');
    }
    expect((await at.post('/api/second-factor/enrolment')).body.error).toBe('second_factor_required');
    expect((await at.get('/api/me')).status).toBe(200);

    const verified = await at.post('/api/second-factor/verify', {
      code: nowCode(admin.secondFactor!.secret, 1),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.secondFactor.pending).toBeNull();
    expect(client.cookie).not.toBe(cookieBefore); // a new session id once the second factor passed
    expect((await at.get('/api/admin/users')).status).toBe(200);
    expect(await audit('SecondFactorVerified', admin.id)).not.toHaveLength(0);
  });

  it('a code works once: a replayed code is refused', async () => {
    const admin = await createUser(app, { admin: true });
    const step = await settledTimeStep();
    const code = codeAt(admin.secondFactor!.secret, step + 1);
    const first = await passwordOnly(admin);
    expect((await first.at.post('/api/second-factor/verify', { code })).status).toBe(200);
    const second = await passwordOnly(admin, '10.30.0.2');
    const replay = await second.at.post('/api/second-factor/verify', { code });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('code_already_used');
    expect((await second.at.get('/api/admin/users')).status).toBe(403);
    // so is an older code of the window
    const older = await second.at.post('/api/second-factor/verify', {
      code: codeAt(admin.secondFactor!.secret, step - 1),
    });
    expect(older.body.error).toBe('code_already_used');
  });

  it('wrong codes are throttled per account and address; the lockout is an audit line', async () => {
    const admin = await createUser(app, { admin: true });
    const { at } = await passwordOnly(admin, '10.31.0.1');
    const right = nowCode(admin.secondFactor!.secret, 1);
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => c !== right);
    for (let i = 0; i < 5; i++) {
      const res = await at.post('/api/second-factor/verify', { code: wrong[i] });
      expect(res.status, `wrong code ${i + 1}`).toBe(400);
      expect(res.body.error).toBe('invalid_code');
    }
    // the fifth wrong code started a wait: even the right code waits, and so do recovery codes
    const waiting = await at.post('/api/second-factor/verify', { code: right });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (await at.post('/api/second-factor/recover', { recoveryCode: admin.secondFactor!.recoveryCodes[0] }))
        .status,
    ).toBe(429);
    // the owner, from another address, is not locked out
    const owner = await passwordOnly(admin, '10.31.0.2');
    expect((await owner.at.post('/api/second-factor/verify', { code: right })).status).toBe(200);
    const [line] = await audit('SecondFactorLockout', admin.id);
    expect(line).toMatchObject({
      actorId: null,
      changes: { failures: 5, waitSeconds: 60, ip: '10.31.0.1' },
    });
  });

  it('a recovery code works once, instead of the code', async () => {
    const admin = await createUser(app, { admin: true });
    const recoveryCode = admin.secondFactor!.recoveryCodes[0]!;
    const first = await passwordOnly(admin);
    // typed in lower case without the dash: still the same code
    const used = await first.at.post('/api/second-factor/recover', {
      recoveryCode: recoveryCode.replace('-', '').toLowerCase(),
    });
    expect(used.status).toBe(200);
    expect(used.body.recoveryCodesLeft).toBe(9);
    expect((await first.at.get('/api/admin/users')).status).toBe(200);

    const second = await passwordOnly(admin, '10.30.0.3');
    const again = await second.at.post('/api/second-factor/recover', { recoveryCode });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_code');
    expect((await second.at.get('/api/admin/users')).status).toBe(403);
    const [line] = await audit('RecoveryCodeUsed', admin.id);
    expect(line.summary).toBe('Recovery code used at sign-in (9 left)');
    expect(JSON.stringify(line)).not.toContain('codeHash');
  });

  it("another admin resets an admin's second factor (audited, their sessions end); nobody resets their own", async () => {
    const target = await createUser(app, { admin: true });
    const own = await watcher.client.post(`/api/admin/users/${watcher.id}/second-factor/reset`);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('own_second_factor');

    const reset = await watcher.client.post(`/api/admin/users/${target.id}/second-factor/reset`);
    expect(reset.status).toBe(200);
    expect((await target.client.get('/api/me')).status).toBe(401);
    const [line] = await audit('SecondFactorReset', target.id);
    expect(line).toMatchObject({
      actorId: watcher.id,
      summary: 'Second factor reset by an admin; must be set up again',
    });
    // signing in again: confined to a new enrolment
    const again = await passwordOnly(target);
    expect(again.res.body.user.secondFactor.pending).toBe('enrol');
    expect((await again.at.get('/api/admin/users')).body.error).toBe('second_factor_enrolment_required');
    // a partner cannot reset anybody's
    const partner = await createUser(app);
    expect((await partner.client.post(`/api/admin/users/${target.id}/second-factor/reset`)).status).toBe(403);
  });

  it('partners may turn it on from Settings, then sign in with a code, and turn it off with one', async () => {
    const partner = await createUser(app);
    expect((await partner.client.get('/api/me')).body.secondFactor).toEqual({
      enrolled: false,
      required: false,
      pending: null,
    });
    const start = await partner.client.post('/api/second-factor/enrolment');
    const secret: string = start.body.secret;
    const step = await settledTimeStep();
    const confirm = await partner.client.post('/api/second-factor/enrolment/confirm', {
      code: codeAt(secret, step - 1),
    });
    expect(confirm.status).toBe(200);
    expect((await partner.client.get('/api/onboarding-progress')).status).toBe(200);

    const fresh = await passwordOnly(partner);
    expect(fresh.res.body.user.secondFactor.pending).toBe('verify');
    expect((await fresh.at.get('/api/onboarding-progress')).status).toBe(403);
    expect((await fresh.at.post('/api/second-factor/verify', { code: codeAt(secret, step) })).status).toBe(
      200,
    );
    expect((await fresh.at.get('/api/onboarding-progress')).status).toBe(200);

    const off = await fresh.at.post('/api/second-factor/disable', { code: codeAt(secret, step + 1) });
    expect(off.status).toBe(200);
    expect(off.body.secondFactor.enrolled).toBe(false);
    expect((await audit('SecondFactorReset', partner.id))[0]!.summary).toBe('Second factor turned off');
    // admins cannot turn theirs off
    const admin = await createUser(app, { admin: true });
    const refused = await admin.client.post('/api/second-factor/disable', {
      code: nowCode(admin.secondFactor!.secret),
    });
    expect(refused.status).toBe(403);
    // and signIn() of the helpers still works for a partner without one
    await signIn(app.client(), partner);
  });
});
