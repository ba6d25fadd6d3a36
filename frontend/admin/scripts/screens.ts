// Screenshots of the console against a real app (own database): `npx tsx frontend/admin/scripts/screens.ts [outDir]`.
import { mkdirSync } from 'node:fs';
import { startE2eApp } from '../../../testing/browser';
import { createUser } from '../../../testing/users';
import { seedPartner } from '../../../backend/src/features/partners/seed';
import setupTemplate from '../../../testing/globalSetup';

const out = process.argv[2] ?? '/tmp/admin-screens';
mkdirSync(out, { recursive: true });
const teardown = await setupTemplate();
const e2e = await startE2eApp();
try {
  const { app } = e2e;
  const admin = await createUser(app, { admin: true, firstName: 'Ada', lastName: 'Admin' });
  let position = '';
  for (let i = 0; i < 30; i++) {
    ({ position } = await seedPartner(app.deps, {
      sponsorId: admin.id,
      firstName: ['Lucía', 'Marc', 'Amélie', 'John', 'Sofía'][i % 5],
      lastName: `Example ${i}`,
      email: `partner${i}@example.test`,
      completedSteps: i % 6,
      // progress only for partners who signed in (the status rule)
      lastLoginAt: i % 6 ? new Date(Date.now() - i * 86_400_000).toISOString() : undefined,
      joinedAt: new Date(Date.now() - (i + 30) * 86_400_000).toISOString(),
    }));
  }
  await app.deps.projections.waitFor(position);
  for (let i = 0; i < 20; i++) await admin.client.get('/api/me');
  await app.deps.requestStats.flush();
  const context = await e2e.newContext({
    locale: process.env.LOCALE ?? 'en-US',
    viewport: { width: Number(process.env.WIDTH ?? 1360), height: 900 },
  });
  const url = new URL(app.url);
  await context.addCookies(
    admin.client.cookie!.split('; ').map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: url.hostname, path: '/' };
    }),
  );
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('console', m.text()));
  const shots: [string, string][] = [
    ['users', '/admin/#/users'],
    ['edit', '/admin/#/users/' + admin.id],
    ['audit', '/admin/#/audit'],
    ['sync', '/admin/#/sync-runs'],
    ['performance', '/admin/#/performance'],
    ['system', '/admin/#/system-metrics'],
    ['funnel', '/admin/#/funnel'],
    ['mail-outbox', '/admin/#/mail-outbox'],
    ['testimonials', '/admin/#/testimonials'],
    ['live-calls', '/admin/#/live-calls'],
    ['academy-links', '/admin/#/academy-links/current'],
    ['not-found', '/admin/#/no-such-page'],
  ];
  for (const [name, path] of shots) {
    await page.goto(app.url + path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  }
  // a bulk action's confirmation, two rows selected
  await page.goto(app.url + '/admin/#/users');
  await page.getByTestId('users-grid').waitFor();
  for (const email of ['partner1@example.test', 'partner2@example.test'])
    await page.getByRole('row').filter({ hasText: email }).getByRole('checkbox').check();
  await page.getByRole('button', { name: /^(Lock|Bloquear|Bloquer)$/ }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(500); // the dialog fades in
  await page.screenshot({ path: `${out}/bulk-confirm.png` });
  await page.keyboard.press('Escape');
  for (const tab of ['Real-time', 'Database', 'Users']) {
    await page.goto(app.url + '/admin/#/performance');
    await page
      .getByRole('tab', { name: tab })
      .click()
      .catch(() => undefined);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/performance-${tab}.png`, fullPage: true });
  }
} finally {
  await e2e.close();
  await teardown?.();
}
