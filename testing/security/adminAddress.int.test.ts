import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passcodeClient } from '../auth';
import { startTestApp, type TestApp } from '../app';
import { createUser, type CreatedUser } from '../users';

/**
 * Issue 13 point 1: the fixed admin address (ADMIN_EMAIL) is reserved for good. This instance
 * starts without ADMIN_PASSWORD, so at first nobody holds the address: the state in which,
 * before the fix, anyone with the passcode could register it and be admin at once.
 */
const ADMIN_EMAIL = 'admin@portal.test';

let app: TestApp;
let ada: CreatedUser; // admin by flag: the actor
let bea: CreatedUser; // admin by flag: the first holder
let paula: CreatedUser; // a partner

const auditOf = async (subjectId: string, eventType: string) =>
  (
    await ada.client.get(
      `/api/admin/users/${subjectId}/events?filter=${encodeURIComponent(JSON.stringify({ eventType }))}`,
    )
  ).body as { actorId: string | null; changes: Record<string, unknown> | null; correlationId: string }[];

const holders = () =>
  app.deps.db('users').whereRaw('lower(email) = ?', [ADMIN_EMAIL]).select('id', 'email', 'is_admin');

beforeAll(async () => {
  app = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD: '' });
  ada = await createUser(app, { admin: true, email: 'ada@example.test' });
  bea = await createUser(app, { admin: true, email: 'bea@example.test' });
  paula = await createUser(app, { email: 'paula@example.test', sponsorId: ada.id });
});
afterAll(() => app?.close());

describe('QUALITY 33: the fixed admin address', () => {
  it('cannot be registered in any variant of case or Unicode form', async () => {
    expect(await holders()).toHaveLength(0);
    for (const email of [
      'Admin@Portal.Test',
      'ADMIN@PORTAL.TEST',
      'ａｄｍｉｎ@portal.test', // full-width letters
      'admin\u200b@portal.test', // a zero-width space
      'adm\u0131n@portal.test', // dotless i
    ]) {
      const client = await passcodeClient(app);
      const res = await client.post('/api/register', {
        firstName: 'Mallory',
        lastName: 'Taker',
        email,
        password: 'Taker-Password-1',
        sponsorId: ada.id,
      });
      expect([400, 409], `${email}: ${res.status} ${res.text}`).toContain(res.status);
      expect((await client.get('/api/me')).status, email).toBe(401);
    }
    expect(await holders()).toHaveLength(0);
    expect(await app.deps.db('users').where({ first_name: 'Mallory' })).toHaveLength(0);
  });

  it('cannot be given to an account by an e-mail change', async () => {
    const res = await ada.client.request('PUT', `/api/admin/users/${paula.id}`, {
      email: 'Admin@Portal.test',
    });
    expect([res.status, res.body.error]).toEqual([409, 'admin_address_reserved']);
    const spec = await ada.client.request('PUT', `/api/admin/user/${bea.id}`, { email: ADMIN_EMAIL });
    expect([spec.status, spec.body.error]).toEqual([409, 'admin_address_reserved']);
    expect(await holders()).toHaveLength(0);
    // a partner's own profile has no e-mail field: an extra key is refused
    const own = await paula.client.post('/api/update-profile', {
      firstName: 'Paula',
      lastName: 'Partner',
      phoneNumber: null,
      smsOptIn: false,
      email: ADMIN_EMAIL,
    });
    expect(own.status).toBe(400);
  });

  it('moves only to an unlocked admin, by an audited transfer', async () => {
    const toPartner = await ada.client.post(`/api/admin/users/${paula.id}/admin-address`, {});
    expect([toPartner.status, toPartner.body.error]).toEqual([400, 'not_an_admin']);

    const res = await ada.client.post(`/api/admin/users/${bea.id}/admin-address`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: bea.id, email: ADMIN_EMAIL, isAdmin: true });
    expect((await holders()).map((h) => h.id)).toEqual([bea.id]);
    const [grant] = await auditOf(bea.id, 'AdminGranted').then((rows) =>
      rows.filter((r) => r.changes?.via === 'address'),
    );
    expect(grant).toMatchObject({ actorId: ada.id, changes: { via: 'address', fromUserId: null } });
    // the holder signs in with the address
    const signIn = await app.client().post('/api/login', { email: ADMIN_EMAIL, password: bea.password });
    expect(signIn.status).toBe(200);
  });

  it('keeps its holder: no rename, no delete, except through a transfer', async () => {
    const rename = await ada.client.request('PUT', `/api/admin/users/${bea.id}`, {
      email: 'bea2@example.test',
    });
    expect([rename.status, rename.body.error]).toEqual([409, 'admin_address_held']);
    const remove = await ada.client.request('DELETE', `/api/admin/users/${bea.id}`);
    expect([remove.status, remove.body.error]).toEqual([409, 'admin_address_held']);
    const specRemove = await ada.client.request('DELETE', `/api/admin/user/${bea.id}`);
    expect(specRemove.status).toBe(409);
    expect((await holders()).map((h) => h.id)).toEqual([bea.id]);

    // a transfer while someone holds it names the holder's new address
    const missing = await ada.client.post(`/api/admin/users/${ada.id}/admin-address`, {});
    expect([missing.status, missing.body.error]).toEqual([400, 'former_holder_email_required']);
    const toItself = await ada.client.post(`/api/admin/users/${ada.id}/admin-address`, {
      formerHolderEmail: 'ADMIN@portal.test',
    });
    expect(toItself.status).toBe(400);

    const moved = await ada.client.post(`/api/admin/users/${ada.id}/admin-address`, {
      formerHolderEmail: 'bea.again@example.test',
    });
    expect(moved.status).toBe(200);
    expect((await holders()).map((h) => h.id)).toEqual([ada.id]);
    const [grant] = (await auditOf(ada.id, 'AdminGranted')).filter((r) => r.changes?.via === 'address');
    expect(grant).toMatchObject({ actorId: ada.id, changes: { via: 'address', fromUserId: bea.id } });
    const [edit] = await auditOf(bea.id, 'UserDetailsEdited');
    expect(edit).toMatchObject({ actorId: ada.id, correlationId: grant.correlationId });

    // the former holder is an ordinary account again: it can now be deleted
    const login = await app
      .client()
      .post('/api/login', { email: 'bea.again@example.test', password: bea.password });
    expect(login.status).toBe(200);
    expect((await ada.client.request('DELETE', `/api/admin/users/${bea.id}`)).status).toBe(200);
  });

  it('records every grant of admin rights with its actor', async () => {
    const res = await ada.client.request('PUT', `/api/admin/users/${paula.id}`, { isAdmin: true });
    expect(res.status).toBe(200);
    const grants = await auditOf(paula.id, 'AdminGranted');
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ actorId: ada.id, changes: { via: 'flag' } });
    // an account created as an admin has its grant recorded too
    const [seeded] = await auditOf(ada.id, 'AdminGranted');
    expect(seeded).toBeDefined();
    const types = (await ada.client.get('/api/admin/audit-event-types')).body;
    expect(JSON.stringify(types)).toContain('AdminGranted');
  });
});
