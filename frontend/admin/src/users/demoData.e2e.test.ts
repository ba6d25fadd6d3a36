import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../../testing/browser';
import { createUser, type CreatedUser } from '../../../../testing/users';
import { seedDemoPartners } from '../../../../backend/src/features/partners/demo';

/**
 * Demo data that makes sense in the console (issue 19, point 3): the demo team joined over
 * months, and nobody shows progress while "never" having signed in or joined after their sign-in.
 */
let e2e: E2eApp;
let admin: CreatedUser;

beforeAll(async () => {
  e2e = await startE2eApp();
  admin = await createUser(e2e.app, { admin: true, firstName: 'Ada', lastName: 'Admin' });
  await seedDemoPartners(e2e.app.deps, { email: 'demo-sponsor@example.test', password: 'Demo-Sponsor-2026' });
});
afterAll(async () => {
  await e2e?.close();
});

describe('demo data in the console', () => {
  it('reads as a history that could have happened', async () => {
    const context = await e2e.signedInContext(admin.client, { viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.app.url}/admin/#/users?perPage=50`);
    await page.getByTestId('users-grid').waitFor();
    await page.getByText('Lucía Fernández').first().waitFor();
    // the list mounts its rows a few at a time after the first ones show: wait for all of them
    const [{ n: users }] = await e2e.app.deps.db('users').count<{ n: string }[]>({ n: '*' });
    await page.waitForFunction(
      (total) => document.querySelectorAll('[data-testid="users-grid"] tbody tr').length === total,
      Number(users),
      { timeout: 30_000 },
    );
    const rows = await page.locator('[data-testid="users-grid"] tbody tr').allInnerTexts();
    expect(rows.length).toBeGreaterThanOrEqual(30);
    const demo = rows.filter((r) => r.includes('@example.com'));
    expect(demo).toHaveLength(29);
    for (const row of demo) {
      const percent = Number(/(\d+)%/.exec(row)?.[1]);
      // progress only for partners who signed in; "Not started" only without progress or sign-in
      if (percent > 0) expect(row, row).not.toContain('Never');
      if (row.includes('Not started')) expect(percent === 0 || row.includes('Never'), row).toBe(true);
    }
    // joined over months, not all today
    // (the list writes them in figures, 11/29/26)
    const joinedDates = new Set(demo.map((r) => /(\d{1,2}\/\d{1,2}\/\d{2})\s*$/.exec(r.trim())?.[1]));
    expect(joinedDates.size).toBeGreaterThan(10);
    await context.close();
  });
});
