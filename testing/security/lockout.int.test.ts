import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../app';
import { createUser } from '../users';

/**
 * Issue 13 point 5 (QUALITY 2): the sign-in throttle counts per account AND client address, so
 * someone guessing from one address cannot lock the owner out from another; lockouts of admin
 * accounts reach every admin as an audit-log line. The app trusts one proxy hop, so the test
 * speaks from different addresses through X-Forwarded-For.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ TRUSTED_PROXY_HOPS: '1' });
});
afterAll(() => app.close());

const loginFrom = (ip: string, email: string, password: string, client: TestClient = app.client()) =>
  client.request('POST', '/api/login', { email, password }, { 'x-forwarded-for': ip });

async function failThirtyTimes(ip: string, email: string) {
  for (let i = 1; i <= 30; i++) expect((await loginFrom(ip, email, `wrong-guess-${i}`)).status).toBe(401);
}

describe('lockout per account and source', () => {
  it('30 failures from one address lock that address only: the owner signs in from another', async () => {
    const u = await createUser(app);
    await failThirtyTimes('10.9.0.1', u.email);
    // the guessing address waits, even with the right password
    expect((await loginFrom('10.9.0.1', u.email, u.password)).status).toBe(429);
    // the owner, elsewhere, is not locked out
    expect((await loginFrom('10.9.0.2', u.email, u.password)).status).toBe(200);
    // and the owner's success does not free the guessing address
    expect((await loginFrom('10.9.0.1', u.email, u.password)).status).toBe(429);
  });

  it('wrong current passwords lock the password change for that address only', async () => {
    const u = await createUser(app);
    const change = (ip: string, currentPassword: string) =>
      u.client.request(
        'POST',
        '/api/change-password',
        { currentPassword, newPassword: 'Fresh-Password-77' },
        { 'x-forwarded-for': ip },
      );
    for (let i = 1; i <= 30; i++) expect((await change('10.9.1.1', `wrong-${i}`)).status).toBe(400);
    expect((await change('10.9.1.1', u.password)).status).toBe(429);
    expect((await loginFrom('10.9.1.2', u.email, u.password)).status).toBe(200);
  });

  it('a lockout of an admin account is an audit line every admin sees; a partner lockout is not', async () => {
    const watcher = await createUser(app, { admin: true });
    const target = await createUser(app, { admin: true });
    const partner = await createUser(app);
    await failThirtyTimes('10.9.2.1', target.email);
    await failThirtyTimes('10.9.2.2', partner.email);
    // a further refused attempt from the same address is not a second notice
    expect((await loginFrom('10.9.2.1', target.email, 'wrong-again')).status).toBe(429);

    const filter = encodeURIComponent(JSON.stringify({ eventType: 'AdminSignInLockout' }));
    const res = await watcher.client.get(`/api/admin/audit?filter=${filter}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      eventType: 'AdminSignInLockout',
      subjectId: target.id,
      actorId: null,
      changes: { failures: 30, waitSeconds: 60, ip: '10.9.2.1' },
      summary: 'Admin sign-ins from 10.9.2.1 paused after 30 failed attempts',
    });
    // the admin itself still signs in from elsewhere
    expect((await loginFrom('10.9.2.3', target.email, target.password)).status).toBe(200);
  });
});
