import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../testing/browser';
import { focused, keyTo, poll, shiftTabTo, tabTo } from '../../../testing/keyboard';
import { createUser, type CreatedUser } from '../../../testing/users';

/**
 * The console with the keyboard only, second part: bulk actions, a user's dialogs and history,
 * the language menu and the dashboards. Where focus is after each dialog (docs/decisions/admin.md).
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;
let ana: CreatedUser;
let ben: CreatedUser;
let gil: CreatedUser;
let tom: CreatedUser;
let dan: CreatedUser;

beforeAll(async () => {
  ana = await createUser(setup.e2e.app, { firstName: 'Ana', lastName: 'Bulk', sponsorId: setup.admin.id });
  ben = await createUser(setup.e2e.app, { firstName: 'Ben', lastName: 'Bulk', sponsorId: setup.admin.id });
  // 22 edits and the registration: a history of two pages (20 and 3 events)
  gil = await createUser(setup.e2e.app, { firstName: 'Gil', lastName: 'Edit 0', sponsorId: setup.admin.id });
  for (let i = 1; i <= 22; i++) {
    const edit = await setup.admin.client.request('PUT', `/api/admin/users/${gil.id}`, {
      lastName: `Edit ${i}`,
    });
    expect(edit.status).toBe(200);
  }
  // a partner with two-step verification (to reset it) and one to delete
  tom = await createUser(setup.e2e.app, {
    firstName: 'Tom',
    lastName: 'Twostep',
    sponsorId: setup.admin.id,
    secondFactor: true,
  });
  dan = await createUser(setup.e2e.app, { firstName: 'Dan', lastName: 'Delete', sponsorId: setup.admin.id });
  const head = await setup.e2e.app.deps.store.headPosition();
  await setup.e2e.app.deps.projections.waitFor(head!, { timeoutMs: 30_000 });
});

const BULK_BUTTON =
  /^button: (Unselect|Select all|Lock|Unlock|Subscribe to newsletter|Unsubscribe from newsletter)$/;
/** for a screenshot: the bulk actions' toolbar has finished sliding in */
const toolbarStill = (page: Page) =>
  page
    .locator('.RaBulkActionsToolbar-toolbar')
    .evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
/** Tab and Shift+Tab `times` each from where focus is: every stop is inside the open dialog */
async function tabStaysInDialog(page: Page, times = 4) {
  const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  expect(await inDialog()).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      expect(await inDialog(), `${key} ${i + 1}: ${await focused(page)}`).toBe(true);
    }
  }
}
const secondFactorEnrolled = async (id: string) =>
  (await setup.e2e.app.deps.db('users').where({ id }).first('second_factor_enrolled')).second_factor_enrolled;
const lockedIds = async (ids: string[]) =>
  (await setup.e2e.app.deps.db('users').whereIn('id', ids).where({ is_locked: true }).pluck('id')).sort();

describe('the console with the keyboard only: dialogs and focus', () => {
  it('keeps hidden bulk actions out of the Tab order, selects rows and locks them by keys', async () => {
    const page = await setup.consolePage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users`);
    await page.getByRole('link', { name: 'Ben Bulk' }).waitFor({ timeout: 60_000 });

    // nothing selected: the bulk actions are neither Tab stops nor seen by screen readers
    // (the toolbar comes between the filters and the table's "Select all")
    const path = await keyTo(page, 'Tab', /^input: Select all$/);
    expect(path.filter((stop) => BULK_BUTTON.test(stop))).toEqual([]);
    expect(await page.getByRole('button', { name: 'Lock', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Unselect' }).count()).toBe(0);

    // a row's checkbox comes just before its name: Space selects it
    await tabTo(page, /^a: Ben Bulk$/);
    await page.keyboard.press('Shift+Tab');
    await poll(() => focused(page)).toBe('input: Select this row');
    await page.keyboard.press('Space');
    await tabTo(page, /^a: Ana Bulk$/);
    await page.keyboard.press('Shift+Tab');
    await poll(() => focused(page)).toBe('input: Select this row');
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Lock', exact: true }).waitFor({ timeout: 30_000 });
    // the filters under the unfolded toolbar are hidden with it: no edge shows above it, no Tab stop
    const filters = page.locator('.RaList-actions');
    await poll(() => filters.isVisible()).toBe(false);
    if (SHOTS) {
      await toolbarStill(page);
      await page.screenshot({ path: `${SHOTS}/console-users-selected-en.png` });
    }

    // the toolbar above the table: Shift+Tab back to Lock; Escape closes its dialog, focus on Lock again
    await shiftTabTo(page, /^button: Lock$/);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await page.keyboard.press('Escape');
    await poll(() => focused(page)).toBe('button: Lock');
    expect(await lockedIds([ana.id, ben.id])).toEqual([]);
    // (opened again before it has faded out, MUI focuses the dialog itself, not its Confirm)
    await poll(() => page.getByRole('dialog').count()).toBe(0);

    // confirmed: the selection is cleared, which hides Lock: focus goes to the list
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await page.keyboard.press('Enter');
    await poll(() => lockedIds([ana.id, ben.id])).toEqual([ana.id, ben.id].sort());
    await poll(() => focused(page)).toBe('table: Users');
    expect(await page.getByRole('button', { name: 'Lock', exact: true }).count()).toBe(0);
    await poll(() => filters.isVisible()).toBe(true);

    // a failure (her own account): the dialog listing it closes onto the list too
    await tabTo(page, /^a: Ada Admin$/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await shiftTabTo(page, /^button: Lock$/);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await page.keyboard.press('Enter');
    await page.getByTestId('bulk-failures').waitFor({ timeout: 30_000 });
    await tabTo(page, /^button: Close$/, 5);
    await page.keyboard.press('Enter');
    await poll(() => page.getByTestId('bulk-failures').count()).toBe(0);
    await poll(() => focused(page)).toBe('table: Users');

    // Unselect hides itself with the toolbar: focus goes to the list
    await tabTo(page, /^a: Ana Bulk$/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await shiftTabTo(page, /^button: Unselect$/);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('table: Users');
    await page.context().close();
  });

  it("gives focus back to the opener of a user's dialogs, or to the page when the opener is gone", async () => {
    const page = await setup.consolePage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users/${setup.partner.id}`);
    await poll(() => page.getByRole('textbox', { name: /^Last name/ }).inputValue()).toBe('Partner');

    // reset password: Escape, then a reset made with keys; both close onto the button
    await tabTo(page, /^button: Reset password$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await poll(() => focused(page)).toBe('button: Reset password');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ timeout: 30_000 });
    await tabTo(page, /^button: Generate password$/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^button: Reset password$/);
    await page.keyboard.press('Enter');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await poll(() => focused(page)).toBe('button: Reset password');

    // lock asks first; confirmed, the same button now unlocks and keeps focus
    await shiftTabTo(page, /^button: Lock$/);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await page.keyboard.press('Enter');
    await poll(() => lockedIds([setup.partner.id])).toEqual([setup.partner.id]);
    await poll(() => focused(page)).toBe('button: Unlock');
    await page.keyboard.press('Enter');
    await poll(() => lockedIds([setup.partner.id])).toEqual([]);
    await poll(() => focused(page)).toBe('button: Lock');

    // reset training asks first; its dialog closes onto its button
    await tabTo(page, /^button: Reset training$/);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await page.keyboard.press('Enter');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    await poll(() => focused(page)).toBe('button: Reset training');

    // make admin: confirmed, the button goes (she is one): focus goes to the page, Tab on from its top
    await shiftTabTo(page, /^button: Make admin$/);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await page.keyboard.press('Enter');
    await poll(
      async () =>
        (await setup.e2e.app.deps.db('users').where({ id: setup.partner.id }).first('is_admin')).is_admin,
    ).toBe(true);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.context().close();
  });

  it("walks a user's two-step reset and Delete dialogs with keys: in, kept in, back to the opener (the page once the reset's button goes)", async () => {
    const page = await setup.consolePage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users/${tom.id}`);
    await poll(() => page.getByRole('textbox', { name: /^Last name/ }).inputValue()).toBe('Twostep');
    const dialog = page.getByRole('dialog');

    // two-step reset: focus goes into its dialog and stays there; Escape and Cancel close onto the button
    await tabTo(page, /^button: Reset two-step verification$/);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await tabStaysInDialog(page);
    await page.keyboard.press('Escape');
    await poll(() => focused(page)).toBe('button: Reset two-step verification');
    await poll(() => dialog.count()).toBe(0);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await tabTo(page, /^button: Cancel$/, 5);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Reset two-step verification');
    await poll(() => dialog.count()).toBe(0);
    expect(await secondFactorEnrolled(tom.id)).toBe(true);
    // confirmed with Enter: reset, said so, focus back on the button
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await page.keyboard.press('Enter');
    await poll(() => secondFactorEnrolled(tom.id)).toBe(false);
    await page.getByText('Two-step verification of Tom Twostep was reset.').waitFor({ timeout: 30_000 });
    await poll(() => dialog.count()).toBe(0);
    // the button goes (nothing left to reset): focus goes to the page
    await poll(() => page.getByRole('button', { name: 'Reset two-step verification' }).count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    // Delete, at the form's foot: the same, and confirmed it leaves for the list, focus on the page
    await page.goto(`${setup.e2e.app.url}/admin/#/users/${dan.id}`);
    await poll(() => page.getByRole('textbox', { name: /^Last name/ }).inputValue()).toBe('Delete');
    await tabTo(page, /^button: Delete user$/, 60);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    expect(await dialog.locator('.MuiDialogTitle-root').innerText()).toBe('Delete this user?');
    await tabStaysInDialog(page);
    await page.keyboard.press('Escape');
    await poll(() => focused(page)).toBe('button: Delete user');
    await poll(() => dialog.count()).toBe(0);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await tabTo(page, /^button: Cancel$/, 5);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Delete user');
    await poll(() => dialog.count()).toBe(0);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('button: Confirm');
    await page.keyboard.press('Enter');
    await poll(() => page.url()).toMatch(/#\/users$/);
    await page.getByText('User deleted.').waitFor({ timeout: 30_000 });
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await poll(
      async () => (await setup.e2e.app.deps.db('users').where({ id: dan.id }).first('email'))?.email,
    ).not.toBe(dan.email);
    await page.context().close();
  });

  it("moves focus to the history's new page when its next page is chosen", async () => {
    const page = await setup.consolePage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users/${gil.id}`);
    const changes = page.getByTestId('timeline').getByTestId('change-lastName');
    await poll(() => changes.first().innerText()).toBe('Edit 21 → Edit 22');
    await tabTo(page, /^button: Go to next page$/, 80);
    await page.keyboard.press('Enter');
    await poll(() => changes.first().innerText()).toBe('Edit 1 → Edit 2');
    // the last page's next button is disabled: focus is on the history it shows, not lost
    await poll(() => focused(page)).toBe('ol: History');
    await tabTo(page, /^button: Go to previous page$/, 80);
    await page.keyboard.press('Enter');
    await poll(() => changes.first().innerText()).toBe('Edit 21 → Edit 22');
    await poll(() => focused(page)).toBe('ol: History');
    // scrolled to the page's top: the history's title and first event are in view, below the app bar
    const title = page.getByRole('heading', { name: 'History' });
    expect(await title.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(48);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-history-en.png` });
    await page.context().close();
  });

  it('switches the language with the keyboard and keeps focus on the menu button', async () => {
    const page = await setup.consolePage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users`);
    await page.getByRole('link', { name: 'Ben Bulk' }).waitFor({ timeout: 60_000 });
    await tabTo(page, /^button: English$/);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('menuitem: English');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await poll(() => focused(page)).toBe('menuitem: Français');
    await page.keyboard.press('Enter');
    await page.getByText('Utilisateurs', { exact: true }).first().waitFor({ timeout: 30_000 });
    await poll(() => focused(page)).toBe('button: Français');
    // and back with Escape: the menu closes, focus on its button
    await poll(() => page.getByRole('menuitem', { name: 'Español' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('menuitem: Français');
    await page.keyboard.press('Escape');
    await poll(() => focused(page)).toBe('button: Français');
    await poll(() => page.getByRole('menuitem', { name: 'Español' }).count()).toBe(0);

    if (SHOTS) {
      await page.getByRole('link', { name: 'Ana Bulk' }).waitFor({ timeout: 30_000 });
      await tabTo(page, /^a: Ana Bulk$/);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Bloquer', exact: true }).waitFor({ timeout: 30_000 });
      await toolbarStill(page);
      await page.screenshot({ path: `${SHOTS}/console-users-selected-fr.png` });
      await page.goto(`${setup.e2e.app.url}/admin/#/users/${gil.id}?page=2`);
      await page.getByTestId('timeline').waitFor({ timeout: 30_000 });
      await page.getByTestId('timeline').focus();
      await page.screenshot({ path: `${SHOTS}/console-history-fr.png` });
      await page.goto(`${setup.e2e.app.url}/admin/#/performance`);
      await page.getByRole('application', { name: 'Temps de réponse (ms)' }).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/console-performance-fr.png`, fullPage: true });
      await page.goto(`${setup.e2e.app.url}/admin/#/funnel`);
      await page.getByTestId('funnel-table').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/console-funnel-fr.png`, fullPage: true });
    }
    await page.context().close();
  });

  it('reaches the dashboards from the menu; their period, tabs and charts work by keys and are named', async () => {
    const page = await setup.consolePage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users`);
    await page.getByRole('link', { name: 'Ben Bulk' }).waitFor({ timeout: 60_000 });
    await tabTo(page, /^menuitem: Performance$/);
    await page.keyboard.press('Enter');
    await poll(() => page.url()).toContain('#/performance');
    // each chart is named by its panel's title and described in words
    const response = page.getByRole('application', { name: 'Response time (ms)' });
    await response.waitFor({ timeout: 30_000 });
    expect(await response.locator('desc').textContent()).toMatch(
      /^From \d{1,2}:\d\d\s[AP]M to \d{1,2}:\d\d\s[AP]M\. Average: latest [\d.,]+\u00a0ms, highest [\d.,]+\u00a0ms\. P95: /,
    );
    await page.getByRole('application', { name: 'Requests and errors' }).waitFor();

    // the period is one named group: one Tab stop, arrows move along it, Enter chooses
    expect(await page.getByRole('group', { name: 'Period' }).count()).toBe(1);
    await tabTo(page, /^button: 1 hour$/);
    await page.keyboard.press('ArrowRight');
    await poll(() => focused(page)).toBe('button: 24 hours');
    await page.keyboard.press('Enter');
    await poll(() => page.getByRole('button', { name: '24 hours' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // the tabs: arrows move, Enter opens; the database tab's charts are named too
    await tabTo(page, /^tab: Overview$/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await poll(() => focused(page)).toBe('tab: Database');
    await page.keyboard.press('Enter');
    await page.getByRole('application', { name: 'Database queries' }).waitFor({ timeout: 30_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-performance-en.png`, fullPage: true });

    // the funnel: back up to the menu, its team filter opens and closes with keys
    await shiftTabTo(page, /^menuitem: Funnel$/);
    await page.keyboard.press('Enter');
    await poll(() => page.url()).toContain('#/funnel');
    const steps = page.getByRole('application', { name: 'Completion and drop-off per step' });
    await steps.waitFor({ timeout: 30_000 });
    expect(await steps.locator('desc').textContent()).toBe('Its figures are in the table that follows.');
    await tabTo(page, /^combobox: /);
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('option: All partners');
    await page.keyboard.press('Escape');
    await poll(() => focused(page)).toMatch(/^combobox: /);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-funnel-en.png`, fullPage: true });
    await page.context().close();
  });
});
