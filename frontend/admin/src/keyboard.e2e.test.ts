import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../testing/browser';
import { focused, poll, tabTo } from '../../../testing/keyboard';

/** The console driven with the keyboard only: where focus is at each step. */
const setup = setUpConsoleE2e();

describe('the console with the keyboard only', () => {
  it('searches, filters by status and opens a user', async () => {
    const page = await setup.consolePage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users`);
    await page.getByRole('textbox', { name: /Search/ }).waitFor({ timeout: 60_000 });

    await tabTo(page, /^input: Search/);
    await page.keyboard.type('Pia');
    await poll(() => page.url()).toContain('Pia');

    // the status filter: Enter opens its menu on the chosen option, "All", named "All"
    await tabTo(page, /^combobox: Status/);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('option: All');
    await page.keyboard.press('ArrowDown');
    await poll(() => focused(page)).toMatch(/^option: (?!All$)/);
    const chosen = (await focused(page)).replace(/^option: /, '');
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toMatch(/^combobox: Status/);
    expect(await page.getByRole('combobox', { name: /Status/ }).innerText()).toBe(chosen);
    // Escape closes the menu without choosing; focus stays on the filter
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toMatch(/^option: /);
    await page.keyboard.press('Escape');
    await poll(() => focused(page)).toMatch(/^combobox: Status/);

    // back to "All", then the user's name is a link: Tab and Enter open the user
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toMatch(/^option: /);
    await page.keyboard.press('Home');
    await poll(() => focused(page)).toBe('option: All');
    await page.keyboard.press('Enter');
    await poll(() => page.url()).not.toContain('status');
    await page.getByRole('link', { name: 'Pia Partner' }).waitFor({ timeout: 30_000 });
    await tabTo(page, /^a: Pia Partner/);
    await page.keyboard.press('Enter');
    await poll(() => page.url()).toContain(`#/users/${setup.partner.id}`);
    // the link went with the list: focus is on the new page's container, Tab goes on from its top
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    const lastName = page.getByRole('textbox', { name: /^Last name/ });
    await poll(() => lastName.inputValue()).toBe('Partner');

    // edit and save: Tab to the field, type, Tab on to Save, Enter
    await tabTo(page, /^input: Last name/);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Keyed');
    await tabTo(page, /^button: Save/);
    await page.keyboard.press('Enter');
    const serverLastName = async () =>
      (await setup.admin.client.get(`/api/admin/users/${setup.partner.id}`)).body.lastName;
    await poll(serverLastName).toBe('Keyed');
    await page.context().close();
  });
});
