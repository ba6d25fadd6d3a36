import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, type TestResponse } from '../app';
import { createUser } from '../users';
import { createAccount } from '../../backend/src/features/auth/accounts';
import { bcryptCost } from '../../backend/src/infra/passwords';
import { issueTemporaryPassword, passcodeClient } from '../auth';

/**
 * QUALITY 35: the most common passwords are refused wherever a password is set (registration,
 * password change, forced change, admin reset), the spec's minimum of 6 still holds, and an
 * account without a stored hash costs a full bcrypt compare like any other.
 */
let app: TestApp;
const eventCount = async () =>
  Number((await app.deps.db('es_events').count<{ count: number }[]>('* as count'))[0].count);

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const COMMON = ['password1', 'Iloveyou', 'qwerty123', 'motdepasse', 'football1'];

/** Each common password is refused with 400 `common_password` on the field, and nothing is written. */
async function expectRefused(send: (password: string) => Promise<TestResponse>, field: string) {
  for (const password of COMMON) {
    const before = await eventCount();
    const res = await send(password);
    expect([res.status, res.body?.error], password).toEqual([400, 'common_password']);
    expect(res.body.fields?.[field]).toMatch(/most commonly used/);
    expect(await eventCount()).toBe(before);
  }
}

describe('QUALITY 35: common passwords', () => {
  it('registration refuses a common password; an uncommon one of 6 characters is accepted', async () => {
    const client = await passcodeClient(app);
    const sponsor = await createUser(app);
    const body = (password: string) => ({
      firstName: 'Ana',
      lastName: 'Common',
      email: `common-${randomUUID().slice(0, 8)}@example.test`,
      password,
      sponsorId: sponsor.id,
      newsletter: false,
    });
    await expectRefused((password) => client.post('/api/register', body(password)), 'password');
    expect((await client.post('/api/register', body('12345'))).status).toBe(400);
    expect((await client.post('/api/register', body('vZ7#qe'))).status).toBe(200);
  });

  it('the password change refuses a common new password', async () => {
    const u = await createUser(app);
    await expectRefused(
      (newPassword) => u.client.post('/api/change-password', { currentPassword: u.password, newPassword }),
      'newPassword',
    );
  });

  it('the forced change refuses a common new password', async () => {
    const u = await createUser(app);
    await issueTemporaryPassword(app, u.id, 'Temporary-Xq-81');
    const client = app.client();
    expect((await client.post('/api/login', { email: u.email, password: 'Temporary-Xq-81' })).status).toBe(
      200,
    );
    await expectRefused(
      (newPassword) => client.post('/api/reset-required-password', { newPassword }),
      'newPassword',
    );
  });

  it('the admin reset refuses a common temporary password (both routes)', async () => {
    const admin = await createUser(app, { admin: true });
    const u = await createUser(app);
    await expectRefused(
      (newPassword) => admin.client.post(`/api/admin/users/${u.id}/reset-password`, { newPassword }),
      'newPassword',
    );
    await expectRefused(
      (newPassword) => admin.client.post('/api/admin/reset-password', { userId: u.id, newPassword }),
      'newPassword',
    );
  });

  it('an account without a stored hash is compared against a hash of the configured cost', async () => {
    const email = `hashless-${randomUUID().slice(0, 8)}@example.test`;
    const created = await createAccount(
      app.deps,
      {
        firstName: 'No',
        lastName: 'Hash',
        email,
        passwordHash: `!seed-${randomUUID()}`,
        sponsorId: null,
        newsletter: false,
        source: 'seed',
      },
      { actorId: null, correlationId: 'test-hashless' },
    );
    await app.deps.projections.waitFor(created.position!);
    const verify = vi.spyOn(app.deps.passwords, 'verify');
    try {
      const res = await app.client().post('/api/login', { email, password: 'some-guess-1' });
      expect(res.status).toBe(401);
      // the same single compare at the configured cost (4 in tests) as a real account gets
      expect(verify).toHaveBeenCalledTimes(1);
      expect(bcryptCost(verify.mock.calls[0][1])).toBe(app.deps.config.BCRYPT_COST);
    } finally {
      verify.mockRestore();
    }
  });
});
