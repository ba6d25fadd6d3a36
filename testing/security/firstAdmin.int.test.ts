import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '../../backend/src/features/auth';
import { adminBootstrapStream } from '../../backend/src/domain/user/adminBootstrap';
import { readStreamOrEmpty } from '../../backend/src/eventStore/port';
import { createAccount } from '../../backend/src/features/auth/accounts';
import { startTestApp, type TestApp } from '../app';

/**
 * Issue 13 point 2: the bootstrap admin is created once in the life of a database. This instance
 * starts without ADMIN_PASSWORD, as a fresh database before its first real start.
 */
const ADMIN_EMAIL = 'admin@portal.test';
const DOCUMENTED_PASSWORD = 'ChangeMe-Admin-2026!';

let app: TestApp;
const withConfig = (config: Partial<TestApp['deps']['config']>) => ({
  ...app.deps,
  config: { ...app.deps.config, ...config },
});

beforeAll(async () => {
  app = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD: '' });
});
afterAll(() => app?.close());

describe('QUALITY 38: the bootstrap admin', () => {
  it('is created by exactly one of several concurrent first starts, and the fact is recorded', async () => {
    const starting = withConfig({ ADMIN_PASSWORD: DOCUMENTED_PASSWORD });
    const results = await Promise.all([
      bootstrapAdmin(starting),
      bootstrapAdmin(starting),
      bootstrapAdmin(starting),
    ]);
    expect(results.filter((r) => r === 'created')).toHaveLength(1);
    const [admin] = await app.deps.db('users').where({ email_lower: ADMIN_EMAIL });
    expect(admin).toMatchObject({ is_admin: true, must_change_password: true });

    const recorded = await readStreamOrEmpty(app.deps.store, adminBootstrapStream);
    expect(recorded.map((e) => [e.type, e.data])).toEqual([
      ['AdminBootstrapped', { userId: admin.id, outcome: 'created' }],
    ]);
    // the grant of admin rights is an event of its own; its actor is the system (none)
    const grants = await app.deps.store.readStream(`User-${admin.id}`);
    const grant = grants.find((e) => e.type === 'AdminGranted');
    expect(grant?.data).toEqual({ via: 'bootstrap' });
    expect(grant?.metadata).toMatchObject({ actorId: null, correlationId: 'bootstrap-admin' });
  });

  it('is never created again, even when nobody holds the configured address', async () => {
    // a later start with another ADMIN_EMAIL (nobody holds it) and the documented password
    const moved = withConfig({ ADMIN_EMAIL: 'new-admin@portal.test', ADMIN_PASSWORD: DOCUMENTED_PASSWORD });
    expect(await bootstrapAdmin(moved)).toBe('exists');
    expect(await bootstrapAdmin(moved)).toBe('exists');
    expect(await app.deps.db('users').where({ email_lower: 'new-admin@portal.test' })).toHaveLength(0);
    const signIn = await app
      .client()
      .post('/api/login', { email: 'new-admin@portal.test', password: DOCUMENTED_PASSWORD });
    expect(signIn.status).toBe(401);
    expect(await readStreamOrEmpty(app.deps.store, adminBootstrapStream)).toHaveLength(1);
  });

  it('counts as made on a database from before the record, when the address already had an account', async () => {
    const older = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD: '' });
    try {
      // an older start created the admin without the record
      const created = await createAccount(
        older.deps,
        {
          firstName: 'Admin',
          lastName: 'Portal',
          email: ADMIN_EMAIL,
          passwordHash: await older.deps.passwords.hash(DOCUMENTED_PASSWORD),
          sponsorId: null,
          newsletter: false,
          isAdmin: true,
          source: 'bootstrap',
        },
        { actorId: null, correlationId: 'older-start' },
      );
      const starting = {
        ...older.deps,
        config: { ...older.deps.config, ADMIN_PASSWORD: DOCUMENTED_PASSWORD },
      };
      expect(await bootstrapAdmin(starting)).toBe('exists');
      const recorded = await readStreamOrEmpty(older.deps.store, adminBootstrapStream);
      expect(recorded.map((e) => e.data)).toEqual([{ userId: created.userId, outcome: 'found' }]);
    } finally {
      await older.close();
    }
  });
});
