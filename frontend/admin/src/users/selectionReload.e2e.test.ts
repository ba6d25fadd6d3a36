import { beforeAll, describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import { createUser } from '../../../../testing/users';

/**
 * Row selection does not survive a reload (docs/decisions/admin.md, "Kept in the browser"): an
 * admin who reloads the users list sees no row ticked and no bulk actions, where react-admin's
 * store had kept them in localStorage (a bulk action on rows chosen earlier). The rest of the
 * store (the list's sort and filters) is still kept there.
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  for (const name of ['Sel', 'Tick'])
    await createUser(setup.e2e.app, { firstName: name, lastName: 'Reload', sponsorId: setup.admin.id });
});

describe('users list selection', () => {
  it('is gone after a reload; the rest of the store stays', async () => {
    const page = await setup.consolePage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users`);
    const grid = page.getByTestId('users-grid');
    await grid.waitFor({ timeout: 60_000 });
    for (const name of ['Sel Reload', 'Tick Reload'])
      await grid.getByRole('row').filter({ hasText: name }).getByRole('checkbox').check();
    await page.getByText('2 items selected').waitFor();
    // a kept preference: the list sorted by progress
    await grid.getByRole('button', { name: 'Progress' }).click();
    await page.waitForURL(/sort=progress/);

    await page.reload();
    await grid.getByRole('row').filter({ hasText: 'Sel Reload' }).waitFor({ timeout: 60_000 });
    expect(await grid.getByRole('checkbox', { checked: true }).count()).toBe(0);
    expect(
      await page
        .getByText(/items? selected/)
        .filter({ visible: true })
        .count(),
    ).toBe(0);
    // the rest of react-admin's store is still kept in the browser (the list's sort and filters)
    expect(await page.evaluate(() => localStorage.getItem('RaStore.users.listParams'))).toContain('progress');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-users-reloaded-1280.png` });
    await page.context().close();
  });
});
