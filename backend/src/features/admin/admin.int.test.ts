import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { createUser, type CreatedUser } from '../../../../testing/users';
import { seedPartner } from '../partners/seed';
import { runAudienceSync, demoAudience } from '../../integrations/mailchimp/audienceSync';
import { StreamDeleted } from '../../eventStore/port';
import { parsePosition } from '../../eventStore/postgres';
import { waitFor } from '../../../../testing/servers';
import { finishFoundation } from '../../../../testing/progress';

let app: TestApp;
let admin: CreatedUser;
let partner: CreatedUser;
/** the configured admin (ADMIN_EMAIL) is created at start */
let bootstrapAdminId: string;

const q = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&');

beforeAll(async () => {
  app = await startTestApp({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
  admin = await createUser(app, {
    admin: true,
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'ada.admin@example.test',
  });
  partner = await createUser(app, {
    firstName: 'Paula',
    lastName: 'Partner',
    email: 'paula@example.test',
    sponsorId: admin.id,
  });
  // partners with progress, recorded as events
  let position = '';
  for (let i = 0; i < 6; i++) {
    ({ position } = await seedPartner(app.deps, {
      sponsorId: admin.id,
      firstName: `Seed${i}`,
      lastName: i % 2 ? 'Odd' : 'Even',
      email: `seed${i}@example.test`,
      completedSteps: i,
      lastLoginAt: i > 2 ? new Date().toISOString() : undefined,
    }));
  }
  await app.deps.projections.waitFor(position);
  bootstrapAdminId = (await app.deps.db('users').where({ email_lower: 'admin@portal.test' }).first('id')).id;
});
afterAll(() => app?.close());

describe('users resource (ra-data-simple-rest dialect)', () => {
  it('answers a page with Content-Range, searches, filters and sorts', async () => {
    const res = await admin.client.get(
      `/api/admin/users?${q({ sort: ['progress', 'DESC'], range: [0, 2], filter: {} })}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('users 0-2/9');
    expect(res.body.map((u: { progress: number }) => u.progress)).toEqual([100, 80, 60]);
    expect(res.body[0]).toMatchObject({
      firstName: 'Seed5',
      status: 'complete',
      trainingCompleted: true,
      sponsorName: 'Ada Admin',
    });

    const found = await admin.client.get(`/api/admin/users?${q({ filter: { q: 'paula' } })}`);
    expect(found.body.map((u: { email: string }) => u.email)).toEqual(['paula@example.test']);
    // two words must both match; % is literal
    expect(
      (await admin.client.get(`/api/admin/users?${q({ filter: { q: 'seed odd' } })}`)).headers.get(
        'content-range',
      ),
    ).toBe('users 0-2/3');
    expect((await admin.client.get(`/api/admin/users?${q({ filter: { q: '%' } })}`)).body).toEqual([]);

    const completed = await admin.client.get(`/api/admin/users?${q({ filter: { status: 'completed' } })}`);
    expect(completed.body.map((u: { firstName: string }) => u.firstName)).toEqual(['Seed5']);
    const admins = await admin.client.get(`/api/admin/users?${q({ filter: { status: 'admin' } })}`);
    expect(admins.body.map((u: { id: string }) => u.id).sort()).toEqual([admin.id, bootstrapAdminId].sort());

    const many = await admin.client.get(`/api/admin/users?${q({ filter: { id: [partner.id, admin.id] } })}`);
    expect(many.body.map((u: { id: string }) => u.id).sort()).toEqual([partner.id, admin.id].sort());

    const byName = await admin.client.get(
      `/api/admin/users?${q({ sort: ['firstName', 'ASC'], range: [0, 49] })}`,
    );
    const names = byName.body.map((u: { firstName: string }) => u.firstName.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('pages through every order as one list: pages of two join up to the whole list, with the same total', async () => {
    const ids = (body: { id: string }[]) => body.map((u) => u.id);
    for (const field of ['lastLoginAt', 'createdAt', 'progress', 'firstName', 'email']) {
      for (const dir of ['ASC', 'DESC']) {
        for (const filter of [{}, { q: 'seed', status: 'active' }]) {
          const whole = await admin.client.get(
            `/api/admin/users?${q({ sort: [field, dir], range: [0, 49], filter })}`,
          );
          const total = Number(whole.headers.get('content-range')!.split('/')[1]);
          expect(total).toBe(whole.body.length);
          const paged: string[] = [];
          for (let from = 0; from < total; from += 2) {
            const page = await admin.client.get(
              `/api/admin/users?${q({ sort: [field, dir], range: [from, from + 1], filter })}`,
            );
            expect(page.headers.get('content-range')).toBe(
              `users ${from}-${Math.min(from + 1, total - 1)}/${total}`,
            );
            paged.push(...ids(page.body));
          }
          expect(paged).toEqual(ids(whole.body));
        }
      }
    }
    // newest sign-in first puts "never signed in" last
    const bySignIn = await admin.client.get(
      `/api/admin/users?${q({ sort: ['lastLoginAt', 'DESC'], range: [0, 49], filter: { q: 'seed' } })}`,
    );
    expect(bySignIn.body.map((u: { lastLoginAt: string | null }) => u.lastLoginAt === null)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it('serves the spec call users-paginated with the same rules', async () => {
    const res = await admin.client.get(
      '/api/admin/users-paginated?page=2&limit=3&sortBy=progress&sortOrder=desc&status=all',
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(9);
    expect(res.body.users.map((u: { progress: number }) => u.progress)).toEqual([40, 20, 0]);
    const bad = await admin.client.get('/api/admin/users-paginated?sortBy=password');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('sortBy');
  });

  it('refuses bad list parameters with a clear message', async () => {
    const res = await admin.client.get('/api/admin/users?sort=notjson');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/sort/);
    expect((await admin.client.get(`/api/admin/users?${q({ range: [0, 5000] })}`)).status).toBe(400);
    expect((await admin.client.get(`/api/admin/users?${q({ filter: { isAdmin: true } })}`)).status).toBe(400);
  });

  it('is refused to partners and to anonymous callers', async () => {
    expect((await partner.client.get('/api/admin/users')).status).toBe(403);
    expect(
      (await partner.client.request('PUT', `/api/admin/users/${partner.id}`, { isAdmin: true })).status,
    ).toBe(403);
    expect((await app.client().get('/api/admin/users')).status).toBe(401);
    const me = await partner.client.get('/api/me');
    expect(me.body.isAdmin).toBe(false);
  });
});

describe('admin actions', () => {
  it('edits details with validation, uniqueness and sponsor checks', async () => {
    const target = await createUser(app, {
      firstName: 'Edith',
      lastName: 'Edit',
      email: 'edith@example.test',
    });
    const ok = await admin.client.request('PUT', `/api/admin/users/${target.id}`, {
      firstName: 'Edie',
      email: 'Edie@Example.test',
      sponsorId: partner.id,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      firstName: 'Edie',
      email: 'edie@example.test',
      sponsorName: 'Paula Partner',
    });
    // the old address is free again, the new one is taken
    expect(
      (await admin.client.request('PUT', `/api/admin/users/${partner.id}`, { email: 'edie@example.test' }))
        .status,
    ).toBe(409);
    const self = await admin.client.request('PUT', `/api/admin/users/${target.id}`, { sponsorId: target.id });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('own_sponsor');
    // a sponsor in the user's own downline would make a loop
    const loop = await admin.client.request('PUT', `/api/admin/users/${partner.id}`, {
      sponsorId: target.id,
    });
    expect(loop.status).toBe(400);
    expect(loop.body.error).toBe('sponsor_in_downline');
    const nobody = await admin.client.request('PUT', `/api/admin/users/${target.id}`, {
      sponsorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(nobody.body).toMatchObject({ error: 'sponsor_not_found', message: 'Sponsor not found' });
    const empty = await admin.client.request('PUT', `/api/admin/users/${target.id}`, { firstName: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.firstName).toBeTruthy();
    const mass = await admin.client.request('PUT', `/api/admin/users/${target.id}`, { passwordHash: 'x' });
    expect(mass.status).toBe(400);
    const after = await admin.client.get(`/api/admin/users/${target.id}`);
    expect(after.body.firstName).toBe('Edie');
    // the spec's path does the same
    const spec = await admin.client.request('PUT', `/api/admin/user/${target.id}`, { lastName: 'Edited' });
    expect(spec.body.lastName).toBe('Edited');
  });

  it('locks a user: their open session is refused at once and the timeline names the admin', async () => {
    const target = await createUser(app, { firstName: 'Lou', lastName: 'Locked' });
    expect((await target.client.get('/api/me')).status).toBe(200);
    const res = await admin.client.request('PUT', `/api/admin/users/${target.id}`, { isLocked: true });
    expect(res.status).toBe(200);
    expect(res.body.isLocked).toBe(true);
    expect((await target.client.get('/api/me')).status).toBe(401);
    expect(
      (await app.client().post('/api/login', { email: target.email, password: target.password })).status,
    ).toBe(401);

    const events = await admin.client.get(
      `/api/admin/users/${target.id}/events?${q({ sort: ['occurredAt', 'DESC'], range: [0, 9] })}`,
    );
    expect(events.status).toBe(200);
    expect(events.headers.get('content-range')).toMatch(/^events 0-\d+\/\d+$/);
    const lock = events.body.find((e: { eventType: string }) => e.eventType === 'UserLocked');
    expect(lock).toMatchObject({
      actorId: admin.id,
      actorName: 'Ada Admin',
      subjectName: 'Lou Locked',
      summary: 'Account locked',
    });
    // nobody can lock themselves out
    expect(
      (await admin.client.request('PUT', `/api/admin/users/${admin.id}`, { isLocked: true })).status,
    ).toBe(400);
  });

  it('records an edit of name, lock and admin flag as one append: consecutive events of one transaction', async () => {
    const target = await createUser(app, { firstName: 'Una', lastName: 'Append' });
    const before = await app.deps.store.readStream(`User-${target.id}`);
    const res = await admin.client.request('PUT', `/api/admin/users/${target.id}`, {
      firstName: 'Uma',
      isLocked: true,
      isAdmin: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Uma', isLocked: true, isAdmin: true });
    const added = (await app.deps.store.readStream(`User-${target.id}`)).slice(before.length);
    expect(added.map((e) => e.type)).toEqual(['UserDetailsEdited', 'UserLocked', 'AdminGranted']);
    // revisions follow each other, and one es_append call wrote them: one transaction id,
    // consecutive sequence numbers within it
    const last = before[before.length - 1].revision;
    expect(added.map((e) => e.revision)).toEqual([last + 1n, last + 2n, last + 3n]);
    const positions = added.map((e) => parsePosition(e.position));
    expect(new Set(positions.map((p) => p.txId)).size).toBe(1);
    const seqs = positions.map((p) => BigInt(p.seq));
    expect(seqs).toEqual([seqs[0], seqs[0] + 1n, seqs[0] + 2n]);
    expect(added.every((e) => e.metadata.actorId === admin.id)).toBe(true);
  });

  it('refuses an admin locking or demoting themself before anything is reserved or recorded', async () => {
    const before = await app.deps.store.readStream(`User-${admin.id}`);
    const lock = await admin.client.request('PUT', `/api/admin/users/${admin.id}`, {
      email: 'ada.new@example.test',
      isLocked: true,
    });
    expect(lock.status).toBe(400);
    expect(lock.body).toMatchObject({
      error: 'cannot_lock_self',
      fields: { isLocked: 'You cannot lock your own account' },
    });
    const demote = await admin.client.request('PUT', `/api/admin/users/${admin.id}`, {
      firstName: 'Adelaide',
      isAdmin: false,
    });
    expect(demote.status).toBe(400);
    expect(demote.body).toMatchObject({
      error: 'cannot_demote_self',
      fields: { isAdmin: 'You cannot remove your own admin rights' },
    });
    expect(await app.deps.store.readStream(`User-${admin.id}`)).toHaveLength(before.length);
    // the address was never reserved: another account can take it
    const other = await createUser(app, { firstName: 'Other', lastName: 'Taker' });
    const taken = await admin.client.request('PUT', `/api/admin/users/${other.id}`, {
      email: 'ada.new@example.test',
    });
    expect(taken.status).toBe(200);
  });

  it('resets a password: sessions end, the temporary one works and must be changed', async () => {
    const target = await createUser(app, { firstName: 'Rita', lastName: 'Reset' });
    const short = await admin.client.post(`/api/admin/users/${target.id}/reset-password`, {
      newPassword: '12345',
    });
    expect(short.status).toBe(400);
    const res = await admin.client.post(`/api/admin/users/${target.id}/reset-password`, {
      newPassword: 'Temp!Pass#2026',
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await target.client.get('/api/me')).status).toBe(401);
    const fresh = app.client();
    expect((await fresh.post('/api/login', { email: target.email, password: target.password })).status).toBe(
      401,
    );
    expect((await fresh.post('/api/login', { email: target.email, password: 'Temp!Pass#2026' })).status).toBe(
      200,
    );
    expect((await fresh.get('/api/me')).body.mustChangePassword).toBe(true);
    expect((await fresh.get('/api/onboarding-progress')).status).toBe(403);
    const spec = await admin.client.post('/api/admin/reset-password', {
      userId: target.id,
      newPassword: 'Another#One1',
    });
    expect(spec.status).toBe(200);
    const audit = await admin.client.get(
      `/api/admin/audit?${q({ filter: { eventType: 'TemporaryPasswordIssued', subjectId: target.id } })}`,
    );
    expect(audit.body).toHaveLength(2);
    expect(JSON.stringify(audit.body)).not.toContain('passwordHash');
  });

  it('resets training: all five steps incomplete', async () => {
    const { id, position } = await seedPartner(app.deps, {
      sponsorId: admin.id,
      firstName: 'Tom',
      lastName: 'Trained',
      email: 'tom@example.test',
      completedSteps: 5,
    });
    await app.deps.projections.waitFor(position);
    expect((await admin.client.get(`/api/admin/users/${id}`)).body.progress).toBe(100);
    const res = await admin.client.post(`/api/admin/users/${id}/reset-training`);
    expect(res.status).toBe(200);
    const after = (await admin.client.get(`/api/admin/users/${id}`)).body;
    expect(after).toMatchObject({ progress: 0, completedSteps: 0, trainingCompleted: false });
    expect((await admin.client.post('/api/admin/reset-training', { userId: id })).status).toBe(200);
    expect(
      (
        await admin.client.post('/api/admin/reset-training', {
          userId: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404);
  });

  it('resets training of a subscribed partner: step 1 stays complete, since it follows the newsletter', async () => {
    // docs/decisions/onboarding.md: step 1 is complete exactly when subscribed
    const subscribed = await createUser(app, { firstName: 'Sue', lastName: 'Subscribed', newsletter: true });
    await finishFoundation(app, subscribed.id);
    expect((await admin.client.get(`/api/admin/users/${subscribed.id}`)).body.progress).toBe(100);
    expect((await admin.client.post(`/api/admin/users/${subscribed.id}/reset-training`)).status).toBe(200);
    const after = (await admin.client.get(`/api/admin/users/${subscribed.id}`)).body;
    expect(after).toMatchObject({ progress: 20, completedSteps: 1, trainingCompleted: false });
    const progress = (await subscribed.client.get('/api/onboarding-progress')).body.progress;
    expect(progress).toMatchObject({ step1Completed: true, step2Completed: false, step5Completed: false });
  });

  it('runs bulk lock, unlock and newsletter actions', async () => {
    const a = await createUser(app, { firstName: 'Bulk', lastName: 'A' });
    const b = await createUser(app, { firstName: 'Bulk', lastName: 'B' });
    const res = await admin.client.post('/api/admin/users-bulk', {
      ids: [a.id, b.id, admin.id],
      action: 'lock',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ updated: 2, unchanged: 0 });
    expect(res.body.failed).toEqual([
      { id: admin.id, error: 'cannot_lock_self', message: 'You cannot lock your own account' },
    ]);
    expect((await a.client.get('/api/me')).status).toBe(401);
    const sub = await admin.client.post('/api/admin/users-bulk', { ids: [a.id, b.id], action: 'subscribe' });
    expect(sub.body).toMatchObject({ updated: 2, failed: [] });
    const rows = await app.deps.db('newsletter_demo_members').whereIn('email_lower', [a.email, b.email]);
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['subscribed', 'subscribed']);
    const again = await admin.client.post('/api/admin/users-bulk', { ids: [a.id], action: 'subscribe' });
    expect(again.body).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await admin.client.post('/api/admin/users-bulk', { ids: [], action: 'lock' })).status).toBe(400);
  });

  it('deletes a user: personal data gone from read models and streams, the audit keeps what happened', async () => {
    const target = await createUser(app, {
      firstName: 'Dora',
      lastName: 'Deleted',
      email: 'dora@example.test',
      newsletter: true,
    });
    await admin.client.request('PUT', `/api/admin/users/${target.id}`, { lastName: 'Gone' });
    // her notification choices: a stream of her own, with where she lives (roughly)
    const reminders = await target.client.post('/api/coaching/call-reminders', {
      enabled: true,
      timeZone: 'Europe/Lisbon',
    });
    expect(reminders.status).toBe(200);
    await app.deps
      .db('newsletter_demo_members')
      .insert({ email_lower: 'dora@example.test', email: 'dora@example.test', status: 'subscribed' })
      .onConflict('email_lower')
      .ignore();
    expect((await admin.client.request('DELETE', `/api/admin/users/${admin.id}`)).status).toBe(400);
    const res = await admin.client.request('DELETE', `/api/admin/users/${target.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: target.id });
    expect((await target.client.get('/api/me')).status).toBe(401);
    expect((await admin.client.get(`/api/admin/users/${target.id}`)).status).toBe(404);
    expect((await admin.client.request('DELETE', `/api/admin/user/${target.id}`)).status).toBe(404);

    // no table keeps a row of the user or their e-mail (read models whose readers catch up
    // themselves, like the partner directory, are caught up first, as their readers would)
    expect(await app.deps.projections.catchUp('partner_directory', 'funnel', 'audit_log')).toBe(true);
    const db = app.deps.db;
    const columns: { table_name: string; column_name: string }[] = (
      await db.raw(
        "select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('uuid', 'text') and table_name not like 'es_%' and table_name not like 'knex_%'",
      )
    ).rows;
    for (const { table_name, column_name } of columns) {
      const hits = await db(table_name)
        .whereRaw('??::text = ? or lower(??::text) = ?', [
          column_name,
          target.id,
          column_name,
          'dora@example.test',
        ])
        .count({ n: '*' })
        .first();
      // the audit keeps what happened to whom and by whom, as ids only
      const allowed =
        table_name === 'audit_log' && ['subject_id', 'stream_id', 'actor_id'].includes(column_name);
      if (!allowed)
        expect({ table_name, column_name, n: Number(hits?.n) }).toEqual({ table_name, column_name, n: 0 });
    }
    const audit = await db('audit_log').where({ subject_id: target.id });
    expect(audit.length).toBeGreaterThan(1);
    expect(JSON.stringify(audit)).not.toMatch(/Dora|dora@example|Gone/);
    expect(audit.find((r: { event_type: string }) => r.event_type === 'UserDeleted')?.actor_id).toBe(
      admin.id,
    );
    await expect(app.deps.store.readStream(`User-${target.id}`)).rejects.toBeInstanceOf(StreamDeleted);
    // no stream of hers keeps an event but the deletion itself (ids only)
    const streams = (
      await db.raw('select distinct stream_id from es_events where stream_id like ? order by 1', [
        `%-${target.id}`,
      ])
    ).rows.map((r: { stream_id: string }) => r.stream_id);
    expect(streams).toEqual([`Deletion-${target.id}`]);
    const deletion = await app.deps.store.readStream(`Deletion-${target.id}`);
    expect(JSON.stringify(deletion.map((e) => e.data))).not.toMatch(/Lisbon|Dora/);
    // the address can be used again
    const again = await createUser(app, { email: 'dora@example.test' });
    expect(again.id).not.toBe(target.id);
  });
});

describe('CSV export', () => {
  it('streams every matching user with the current filter and sort', async () => {
    const res = await admin.client.get(
      `/api/admin/export/users.csv?${q({ filter: { q: 'seed' }, sort: ['progress', 'ASC'] })}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,uid,firstName,lastName,email,sponsorName,isAdmin,isLocked,newsletter,mustChangePassword,progress,status,lastLoginAt,createdAt',
    );
    expect(lines).toHaveLength(7);
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual([
      'Seed0',
      'Seed1',
      'Seed2',
      'Seed3',
      'Seed4',
      'Seed5',
    ]);
    expect((await partner.client.get('/api/admin/export/users.csv')).status).toBe(403);
  });

  it('has no row cap', async () => {
    let position = '';
    for (let i = 0; i < 1100; i++) {
      ({ position } = await seedPartner(app.deps, {
        sponsorId: null,
        firstName: 'Bulkrow',
        lastName: String(i),
        email: `bulkrow${i}@example.test`,
      }));
    }
    await app.deps.projections.waitFor(position, { timeoutMs: 60_000 });
    const res = await admin.client.get(`/api/admin/export/users.csv?${q({ filter: { q: 'bulkrow' } })}`);
    expect(res.text.trim().split('\r\n')).toHaveLength(1101);
    // over 1,000 matches the list counts up to the limit and then uses the planner's estimate
    const page = await admin.client.get(
      `/api/admin/users?${q({ filter: { q: 'bulkrow' }, range: [0, 49] })}`,
    );
    expect(page.headers.get('x-total-estimated')).toBe('true');
    expect(Number(page.headers.get('content-range')!.split('/')[1])).toBeGreaterThan(1000);
    const small = await admin.client.get(`/api/admin/users?${q({ filter: { q: 'seed' } })}`);
    expect(small.headers.get('x-total-estimated')).toBeNull();
  }, 180_000);
});

describe('audit log', () => {
  it('filters by event type, actor, user and date, with names', async () => {
    const byActor = await admin.client.get(
      `/api/admin/audit?${q({ filter: { actorId: admin.id }, range: [0, 199] })}`,
    );
    expect(byActor.status).toBe(200);
    expect(byActor.body.length).toBeGreaterThan(3);
    expect(byActor.body.every((e: { actorName: string }) => e.actorName === 'Ada Admin')).toBe(true);
    const types = await admin.client.get(
      `/api/admin/audit?${q({ filter: { eventType: ['UserLocked', 'UserUnlocked'] } })}`,
    );
    expect(
      types.body.every((e: { eventType: string }) => ['UserLocked', 'UserUnlocked'].includes(e.eventType)),
    ).toBe(true);
    const future = await admin.client.get(`/api/admin/audit?${q({ filter: { from: '2999-01-01' } })}`);
    expect(future.headers.get('content-range')).toBe('audit */0');
    const today = new Date().toISOString().slice(0, 10);
    const until = await admin.client.get(`/api/admin/audit?${q({ filter: { to: today }, range: [0, 0] })}`);
    expect(Number(until.headers.get('content-range')!.split('/')[1])).toBeGreaterThan(10);
    const one = await admin.client.get(`/api/admin/audit/${byActor.body[0].id}`);
    expect(one.body).toEqual(byActor.body[0]);
    const typesList = await admin.client.get('/api/admin/audit-event-types');
    expect(typesList.body.map((t: { id: string }) => t.id)).toContain('UserLocked');
    expect(
      (await admin.client.get(`/api/admin/audit?${q({ filter: { from: 'yesterday-ish' } })}`)).status,
    ).toBe(400);
  });

  it("finds a person's rows from their name or e-mail, as the rows name them", async () => {
    const target = await createUser(app, { firstName: 'Quintessa', lastName: 'Vale' });
    const lock = await admin.client.request('PUT', `/api/admin/users/${target.id}`, { isLocked: true });
    expect(lock.status).toBe(200);
    await waitFor(
      async () =>
        (await app.deps.db('audit_log').where({ subject_id: target.id, event_type: 'UserLocked' })).length ===
        1,
      30_000,
      'audit line',
    );
    const search = async (text: string) =>
      (await admin.client.get(`/api/admin/audit?${q({ filter: { q: text }, range: [0, 199] })}`)).body as {
        eventType: string;
        subjectId: string | null;
        actorId: string | null;
      }[];
    for (const text of ['Quintessa Vale', 'quintessa', target.email.toUpperCase()]) {
      const rows = await search(text);
      expect(rows.map((r) => r.eventType)).toContain('UserLocked');
      expect(rows.every((r) => r.subjectId === target.id || r.actorId === target.id)).toBe(true);
    }
    // the admin who acted: their rows, the lock among them
    const byName = await search('Ada Admin');
    expect(byName.some((r) => r.eventType === 'UserLocked' && r.subjectId === target.id)).toBe(true);
    expect(await search('Quintessa Nobody')).toEqual([]);
  });
});

describe('mailing-service sync with the demo adapter', () => {
  it('starts one run at a time, reconciles flags and reports exact results', async () => {
    const s = await createUser(app, {
      firstName: 'Sue',
      lastName: 'Sync',
      email: 'sue@example.test',
      newsletter: false,
    });
    const u = await createUser(app, {
      firstName: 'Ulla',
      lastName: 'Unsub',
      email: 'ulla@example.test',
      newsletter: true,
    });
    await app.deps
      .db('newsletter_demo_members')
      .insert([
        { email_lower: 'sue@example.test', email: 'sue@example.test', status: 'subscribed' },
        { email_lower: 'ulla@example.test', email: 'ulla@example.test', status: 'unsubscribed' },
        { email_lower: 'stranger@example.test', email: 'stranger@example.test', status: 'subscribed' },
      ])
      .onConflict('email_lower')
      .merge();
    const total = Number((await app.deps.db('newsletter_demo_members').count({ n: '*' }).first())?.n);

    const started = await admin.client.post('/api/admin/sync-runs', {});
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'queued', adapter: 'demo', requestedByName: 'Ada Admin' });
    const second = await admin.client.post('/api/admin/sync-runs', {});
    expect(second.body.id).toBe(started.body.id);
    const job = await app.deps.queues.mailchimp.getJob(`sync-${started.body.id}`);
    expect(job?.data).toEqual({ runId: started.body.id, requestedBy: admin.id });

    const summary = await runAudienceSync(app.deps, started.body.id, demoAudience(app.deps));
    expect(summary).toEqual({ runId: started.body.id, status: 'completed', total, updated: 2, errors: 0 });
    const run = await admin.client.get(`/api/admin/sync-runs/${started.body.id}`);
    expect(run.body).toMatchObject({ status: 'completed', total, updated: 2, errors: 0, percent: 100 });
    const items = await admin.client.get(
      `/api/admin/sync-run-items?${q({ filter: { runId: started.body.id }, sort: ['email', 'ASC'] })}`,
    );
    expect(
      items.body.map((i: { email: string; action: string; status: string }) => [i.email, i.action, i.status]),
    ).toEqual([
      ['sue@example.test', 'subscribed', 'success'],
      ['ulla@example.test', 'unsubscribed', 'success'],
    ]);
    const users = await app.deps
      .db('users')
      .whereIn('id', [s.id, u.id])
      .orderBy('email_lower')
      .select('newsletter');
    expect(users.map((r: { newsletter: boolean }) => r.newsletter)).toEqual([true, false]);
    const history = await admin.client.get(
      `/api/admin/audit?${q({ filter: { subjectId: s.id, eventType: 'NewsletterSubscribed' } })}`,
    );
    expect(history.body[0].summary).toBe('Subscribed to the newsletter (sync)');
    const list = await admin.client.get(`/api/admin/sync-runs?${q({ range: [0, 4] })}`);
    expect(list.body[0].id).toBe(started.body.id);
    // a new run starts once the last one finished
    const next = await admin.client.post('/api/admin/sync-runs', {});
    expect(next.body.id).not.toBe(started.body.id);
  });
});

describe('the spec call POST /api/admin/sync-mailchimp', () => {
  it('answers at once while no worker is connected, and the results once a worker ran it', async () => {
    await app.deps
      .db('sync_runs')
      .whereIn('status', ['queued', 'running'])
      .update({ status: 'failed', last_error: 'test reset' });
    const queued = await admin.client.post('/api/admin/sync-mailchimp');
    expect(queued.status).toBe(200);
    expect(queued.body).toMatchObject({ status: 'queued', total: 0, updated: 0, errors: 0, details: [] });

    const { Worker } = await import('bullmq');
    const { createQueueRedis } = await import('../../infra/redis');
    const worker = new Worker(
      'mailchimp',
      (job) => runAudienceSync(app.deps, (job.data as { runId: string }).runId, demoAudience(app.deps)),
      {
        connection: createQueueRedis(app.deps.config.REDIS_URL),
        prefix: `${app.deps.config.REDIS_PREFIX}bull`,
        // started below, once the earlier runs are marked failed: it must not take them first
        autorun: false,
      },
    );
    try {
      await app.deps
        .db('newsletter_demo_members')
        .where({ email_lower: 'sue@example.test' })
        .update({ status: 'unsubscribed' });
      await app.deps
        .db('sync_runs')
        .whereIn('status', ['queued', 'running'])
        .update({ status: 'failed', last_error: 'test reset' });
      void worker.run();
      await worker.waitUntilReady();
      await waitFor(
        async () => (await app.deps.queues.mailchimp.getWorkersCount()) > 0,
        10_000,
        'the worker to connect',
      );
      const done = await admin.client.post('/api/admin/sync-mailchimp');
      expect(done.body, JSON.stringify(done.body)).toMatchObject({
        status: 'completed',
        updated: 1,
        errors: 0,
      });
      expect(done.body.details).toEqual([
        { email: 'sue@example.test', action: 'unsubscribed', status: 'success', error: null },
      ]);
    } finally {
      await worker.close();
    }
  });
});

describe('dashboard and metrics', () => {
  it('judges the API without the routes slow by design: its own health checks and the sign-ins', async () => {
    const apiFacts = async () => {
      await app.deps.requestStats.flush();
      const res = await admin.client.get('/api/admin/performance-dashboard');
      return res.body.health.find((h: { key: string }) => h.key === 'api').facts;
    };
    // the five-minute window moves at each minute: measure within one minute
    const minuteNow = () => Math.floor(Date.now() / 60_000);
    let before, after, minute;
    do {
      minute = minuteNow();
      before = await apiFacts();
      await admin.client.get('/api/admin/system-metrics');
      await partner.client.post('/api/login', { email: 'nobody@portal.test', password: 'Wrong-Password-1' });
      await partner.client.get('/api/me');
      after = await apiFacts();
    } while (minuteNow() !== minute);
    // the dashboard read before, the system metrics; one sign-in; all four in the total
    expect(after.servicesRequests - before.servicesRequests).toBe(2);
    expect(after.passwordRequests - before.passwordRequests).toBe(1);
    expect(after.requests - before.requests).toBe(4);
  });

  it('a failed check keeps the error as its detail and names the service that failed, and how (the console words it)', async () => {
    // Redis refusing the connection, as Node reports it (nothing listens on port 1)
    const refused = await new Promise<Error>((resolve) => connect(1, '127.0.0.1').on('error', resolve));
    const ping = vi.spyOn(app.deps.redis, 'ping').mockRejectedValueOnce(refused);
    try {
      const res = await admin.client.get('/api/admin/performance-dashboard');
      expect(res.status).toBe(200);
      expect(res.body.health.find((h: { key: string }) => h.key === 'redis')).toEqual({
        key: 'redis',
        status: 'critical',
        detail: 'connect ECONNREFUSED 127.0.0.1:1',
        latencyMs: null,
        failure: { service: 'redis', kind: 'unreachable' },
      });
      // the checks that answered carry no failure
      expect(res.body.health.find((h: { key: string }) => h.key === 'database').failure).toBeUndefined();
    } finally {
      ping.mockRestore();
    }
  });

  it('answers real figures', async () => {
    for (let i = 0; i < 5; i++) await partner.client.get('/api/me');
    await app.deps.requestStats.flush();
    const res = await admin.client.get('/api/admin/performance-dashboard');
    expect(res.status).toBe(200);
    expect(res.body.metrics.requests24h).toBeGreaterThan(5);
    expect(res.body.metrics.responseTime.p95).toBeGreaterThan(0);
    expect(res.body.metrics.activeUsers.current).toBeGreaterThanOrEqual(2);
    expect(res.body.metrics.activeUsers.totalSessions).toBeGreaterThan(0);
    expect(res.body.database.totalQueries24h).toBeGreaterThan(0);
    expect(res.body.database.topQueryTypes[0].count).toBeGreaterThan(0);
    expect(res.body.health.map((h: { key: string }) => h.key)).toEqual([
      'api',
      'database',
      'redis',
      'eventStore',
      'queues',
      'mailchimp',
      'youtube',
      'drive',
      'vault',
      'liveCalls',
    ]);
    expect(res.body.health.find((h: { key: string }) => h.key === 'mailchimp')).toMatchObject({
      status: 'healthy',
      demo: true,
    });
    expect(res.body.health.find((h: { key: string }) => h.key === 'database').status).toBe('healthy');
    expect(res.body.users.stepCompletion).toHaveLength(5);
    expect(res.body.users.stepCompletion[0].completed).toBeGreaterThan(0);
    expect(res.body.users.growth.newUsersToday).toBeGreaterThan(5);
    expect(res.body.users.growth.adminActionsToday).toBeGreaterThan(5);
    expect(res.body.users.growth.newsletterSignupsToday).toBeGreaterThan(0);

    const history = await admin.client.get('/api/admin/performance-history?range=1h');
    expect(history.body.bucketSeconds).toBe(60);
    expect(history.body.points.length).toBeGreaterThanOrEqual(60);
    expect(
      history.body.points.reduce((a: number, p: { requests: number }) => a + p.requests, 0),
    ).toBeGreaterThan(5);
    expect(
      (await admin.client.get('/api/admin/performance-history?range=7d')).body.points.length,
    ).toBeGreaterThan(80);
    expect((await admin.client.get('/api/admin/performance-history?range=1y')).status).toBe(400);

    const sample = await admin.client.get('/api/admin/realtime-sample');
    expect(sample.body.requests).toBeGreaterThan(0);

    const sys = await admin.client.get('/api/admin/system-metrics');
    expect(sys.status).toBe(200);
    expect(sys.body.process.rssBytes).toBeGreaterThan(0);
    expect(sys.body.redis.ok).toBe(true);
    expect(sys.body.queues.map((x: { name: string }) => x.name).sort()).toEqual([
      'content',
      'mail',
      'mailchimp',
      'metrics',
      'newsletter',
    ]);
    expect(sys.body.projections.map((p: { name: string }) => p.name)).toContain('users');
    expect(sys.body.database.pool.max).toBeGreaterThan(0);
    // a new database, never analysed, still counts its events (it showed 0)
    await expect
      .poll(async () => (await admin.client.get('/api/admin/system-metrics')).body.eventStore.events, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
  });
});

describe('users sorted by name', () => {
  it('orders namesakes by last name, then by id, in the direction of the sort', async () => {
    // ids in the reverse order of the last names: ties left to the id came out Ferreira, Eriksen, Barros
    const adeles = [
      { id: '00000000-0000-4000-8000-0000000000a4', lastName: 'Barros' },
      { id: '00000000-0000-4000-8000-0000000000a3', lastName: 'Barros' },
      { id: '00000000-0000-4000-8000-0000000000a2', lastName: 'eriksen' },
      { id: '00000000-0000-4000-8000-0000000000a1', lastName: 'Ferreira' },
    ];
    let position = '';
    for (const [i, a] of adeles.entries())
      ({ position } = await seedPartner(app.deps, {
        ...a,
        sponsorId: admin.id,
        firstName: i % 2 ? 'Zadelie' : 'zadelie',
        email: `zadelie${i}@example.test`,
        completedSteps: 0,
      }));
    await app.deps.projections.waitFor(position);
    const order = async (dir: 'ASC' | 'DESC') =>
      (
        await admin.client.get(
          `/api/admin/users?${q({ sort: ['firstName', dir], range: [0, 49], filter: { q: 'zadelie' } })}`,
        )
      ).body.map((u: { id: string; lastName: string }) => `${u.lastName} ${u.id.slice(-2)}`);
    const ascending = ['Barros a3', 'Barros a4', 'eriksen a2', 'Ferreira a1'];
    expect(await order('ASC')).toEqual(ascending);
    expect(await order('DESC')).toEqual([...ascending].reverse());
  });
});

describe('a user’s two-step verification in the console', () => {
  it('says whether each user has a second factor: in the list, on the user, and no more after a reset', async () => {
    const enrolled = await createUser(app, { secondFactor: true, firstName: 'Tova', lastName: 'Twostep' });
    const one = async (id: string) => (await admin.client.get(`/api/admin/users/${id}`)).body;
    expect((await one(enrolled.id)).secondFactorEnrolled).toBe(true);
    expect((await one(partner.id)).secondFactorEnrolled).toBe(false);
    const list = await admin.client.get(
      `/api/admin/users?${q({ filter: { id: [enrolled.id, partner.id] } })}`,
    );
    expect(
      Object.fromEntries(
        list.body.map((u: { id: string; secondFactorEnrolled: boolean }) => [u.id, u.secondFactorEnrolled]),
      ),
    ).toEqual({ [enrolled.id]: true, [partner.id]: false });
    const reset = await admin.client.post(`/api/admin/users/${enrolled.id}/second-factor/reset`, {});
    expect(reset.status).toBe(200);
    expect((await one(enrolled.id)).secondFactorEnrolled).toBe(false);
  });
});
