import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import { poll } from '../../../../testing/keyboard';

/**
 * The users list's toolbar is Export CSV alone, whatever is searched or filtered: both filters
 * are always shown, and react-admin's "Add filter" appeared only once a search was typed, with
 * no filter to add (only "Save current query…" and "Remove all filters").
 */
const setup = setUpConsoleE2e();

describe('users list toolbar', () => {
  it('has no "Add filter" button, before or after a search and a status', async () => {
    const page = await setup.consolePage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users`);
    const grid = page.getByTestId('users-grid');
    await grid.getByRole('row').filter({ hasText: 'Pia Partner' }).waitFor({ timeout: 60_000 });
    const addFilter = page.getByRole('button', { name: 'Add filter' });
    const exportCsv = page.getByTestId('export-csv');
    expect(await exportCsv.isVisible()).toBe(true);
    expect(await addFilter.count()).toBe(0);

    await page.getByRole('textbox', { name: /Search/ }).fill('Pia');
    await poll(() => page.url()).toContain('Pia');
    // the list shows the search's result: Pia alone, not Ada
    await poll(() => grid.locator('tbody tr').count()).toBe(1);
    expect(await exportCsv.isVisible()).toBe(true);
    expect(await addFilter.count()).toBe(0);

    await page.goto(
      `${setup.e2e.app.url}/admin/#/users?filter=${encodeURIComponent(JSON.stringify({ q: 'Pia', status: 'active' }))}`,
    );
    await grid.getByRole('row').filter({ hasText: 'Pia Partner' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('combobox', { name: /Status/ }).innerText()).toBe('Active');
    expect(await addFilter.count()).toBe(0);
    await page.context().close();
  });
});
