import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../app';
import { createUser } from '../users';

/**
 * QUALITY 31 (a successful command never answers 5xx) and 32 (ending sessions is in the command
 * path, independent of projections): the asynchronous projections are stalled (their tables
 * locked by another session, as a long migration or a stuck batch would), and every command
 * that ends sessions still answers 2xx and ends them at once.
 */
let app: TestApp;
let blocker: pg.Client;

beforeAll(async () => {
  app = await startTestApp({ READ_YOUR_WRITES_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await blocker?.end().catch(() => undefined);
  await app?.close();
});

/** Holds the asynchronous read models locked until released. */
async function stallProjections() {
  blocker = new pg.Client({ connectionString: app.databaseUrl });
  await blocker.connect();
  await blocker.query('begin');
  await blocker.query('lock table audit_log, partner_directory, funnel_members in access exclusive mode');
  return async () => {
    await blocker.query('rollback');
    await blocker.end();
  };
}

const signedInTwice = async () => {
  const user = await createUser(app);
  const other = app.client();
  expect((await other.post('/api/login', { email: user.email, password: user.password })).status).toBe(200);
  expect((await other.get('/api/me')).status).toBe(200);
  return { user, other };
};

describe('with the asynchronous projections stalled', () => {
  it('password change, forced change, admin reset, lock and delete answer 2xx and end the sessions at once', async () => {
    const admin = await createUser(app, { admin: true });
    const self = await signedInTwice();
    const forced = await createUser(app, { mustChangePassword: true });
    const forcedOther = app.client();
    await forcedOther.post('/api/login', { email: forced.email, password: forced.password });
    const reset = await signedInTwice();
    const locked = await signedInTwice();
    const deleted = await signedInTwice();

    const release = await stallProjections();
    try {
      const changed = await self.user.client.post('/api/change-password', {
        currentPassword: self.user.password,
        newPassword: 'Brand-New-Secret-1',
      });
      expect(changed.status).toBe(200);
      expect((await self.other.get('/api/me')).status).toBe(401);
      expect((await self.user.client.get('/api/me')).status).toBe(200);

      const replaced = await forced.client.post('/api/reset-required-password', {
        newPassword: 'Brand-New-Secret-2',
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.user.mustChangePassword).toBe(false);
      expect((await forcedOther.get('/api/me')).status).toBe(401);

      const issued = await admin.client.post(`/api/admin/users/${reset.user.id}/reset-password`, {
        newPassword: 'Temporary-Secret-3',
      });
      expect(issued.status).toBe(200);
      expect((await reset.user.client.get('/api/me')).status).toBe(401);
      expect((await reset.other.get('/api/me')).status).toBe(401);

      const lock = await admin.client.request('PUT', `/api/admin/users/${locked.user.id}`, {
        isLocked: true,
      });
      expect(lock.status).toBe(200);
      expect((await locked.user.client.get('/api/me')).status).toBe(401);
      expect((await locked.other.get('/api/me')).status).toBe(401);

      const gone = await admin.client.request('DELETE', `/api/admin/users/${deleted.user.id}`);
      expect(gone.status).toBe(200);
      expect((await deleted.user.client.get('/api/me')).status).toBe(401);
      expect((await deleted.other.get('/api/me')).status).toBe(401);

      // and the partner-facing commands go on answering from the inline read models, waiting for
      // none of the stalled ones (a wait would end in a read-your-writes timeout)
      const timeouts = async () =>
        (await app.deps.metrics.readYourWritesTimeouts.get()).values[0]?.value ?? 0;
      const timedOutBefore = await timeouts();
      const step = await admin.client.post('/api/complete-step', {
        step: 2,
        data: { feelGreatLink: 'ufeelgreat.com/c/stalled' },
      });
      expect(step.status).toBe(200);
      expect(step.body.progress.step2Completed).toBe(true);
      expect(await timeouts()).toBe(timedOutBefore);
    } finally {
      await release();
    }
    // once released, the stalled read models catch up with everything that happened
    const head = await app.deps.store.headPosition();
    await app.deps.projections.waitFor(head!, { timeoutMs: 30_000 });
    const audited = await app.deps
      .db('audit_log')
      .where({ subject_id: self.user.id, event_type: 'PasswordChanged' });
    expect(audited).toHaveLength(1);
  });
});
