import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../testing/app';
import { DEMO_PARTNER_PASSWORD, DEMO_TEMPORARY_PASSWORD, DEMO_USERS, demoUser, seedDemoUsers } from './users';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

it('seeds the admin and the demo sponsor tree once; every account signs in as the README says', async () => {
  expect(await seedDemoUsers(app.deps)).toMatch(/8 of 8 partners created/);
  expect(await seedDemoUsers(app.deps)).toMatch(/admin exists, 0 of 8 partners created/);
  const rows = await app.deps.db('users').whereIn(
    'email_lower',
    DEMO_USERS.map((u) => u.email),
  );
  expect(rows).toHaveLength(DEMO_USERS.length);
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  expect(byEmail.get('maria@demo.test').sponsor_id).toBeNull();
  for (const key of ['james', 'sofia', 'luc', 'aisha'])
    expect(byEmail.get(`${key}@demo.test`).sponsor_id).toBe(demoUser('maria').id);
  for (const key of ['emma', 'noah'])
    expect(byEmail.get(`${key}@demo.test`).sponsor_id).toBe(demoUser('james').id);
  for (const u of DEMO_USERS) expect(u.uid).toMatch(/^P-[2-9A-HJKMNP-Z]{6}$/);

  for (const u of DEMO_USERS) {
    const password = u.mustChangePassword ? DEMO_TEMPORARY_PASSWORD : DEMO_PARTNER_PASSWORD;
    const res = await app.client().post('/api/login', { email: u.email, password });
    expect([u.email, res.status, res.body.user.mustChangePassword]).toEqual([
      u.email,
      200,
      Boolean(u.mustChangePassword),
    ]);
  }
  const admin = await app
    .client()
    .post('/api/login', { email: app.deps.config.ADMIN_EMAIL, password: app.deps.config.ADMIN_PASSWORD });
  expect(admin.body.user).toMatchObject({ isAdmin: true, mustChangePassword: true });
});
