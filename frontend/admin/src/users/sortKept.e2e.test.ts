import { beforeAll, describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import { createUser } from '../../../../testing/users';

/**
 * The users list's sort is kept in the browser (react-admin's store, localStorage, lib/consoleStore.ts):
 * sorted, then reloaded at once (before the list had rendered in its new order, when react-admin
 * saves it), the console opened on #/users with no sort in the address (a typed address, a
 * bookmark) shows the list in that order again.
 */
const setup = setUpConsoleE2e();

beforeAll(async () => {
  for (const name of ['Sort', 'Kept'])
    await createUser(setup.e2e.app, { firstName: name, lastName: 'Reload', sponsorId: setup.admin.id });
});

describe('users list sort', () => {
  it('comes back on #/users after a reload', async () => {
    const page = await setup.consolePage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users`);
    const grid = page.getByTestId('users-grid');
    await grid.waitFor({ timeout: 60_000 });
    await grid.getByRole('button', { name: 'Progress' }).click();
    await page.waitForURL(/sort=progress/);

    await page.reload();
    const asked = page.waitForRequest((r) => r.url().includes('/api/admin/users?'), { timeout: 60_000 });
    await page.goto(`${setup.e2e.app.url}/admin/#/users`);
    expect(decodeURIComponent((await asked).url())).toContain('sort=["progress","ASC"]');
    await page.waitForURL(/sort=progress/, { timeout: 30_000 });
    await grid.getByRole('row').filter({ hasText: 'Sort Reload' }).waitFor();
    // the Progress column's sort button shows it sorted
    expect(await grid.locator('thead .MuiTableSortLabel-root.Mui-active').textContent()).toContain(
      'Progress',
    );
    await page.context().close();
  });
});
