import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import { createUser } from '../../../../testing/users';

/**
 * The user form's Locked and Admin switches change what the toolbar's Lock and Make admin buttons
 * change: a save that would is asked first, in the same words, and a cancel saves nothing; any
 * other save goes at once. The user page says whether two-step verification is on, and offers
 * its reset only to users who have it.
 */
const setup = setUpConsoleE2e();

async function openUser(page: Page, id: string) {
  await page.goto(`${setup.e2e.app.url}/admin/#/users/${id}`);
  await page.locator('input[name="firstName"]').waitFor({ timeout: 60_000 });
}

/** Every PUT of a user the page sends. */
function userPuts(page: Page) {
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/admin/users/')) puts.push(r.postData() ?? '');
  });
  return puts;
}

const savedPut = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/admin/users/'));

const adminView = async (id: string) =>
  (await setup.admin.client.get(`/api/admin/users/${id}`)).body as {
    isLocked: boolean;
    isAdmin: boolean;
    firstName: string;
  };

describe('user form flags', () => {
  it('asks before a save locks the user or makes them admin; a cancel saves nothing', async () => {
    const user = await createUser(setup.e2e.app, { firstName: 'Flo', lastName: 'Flags' });
    const page = await setup.consolePage();
    const puts = userPuts(page);
    await openUser(page, user.id);

    await page.locator('input[name="isLocked"]').check();
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      'Lock Flo Flags? They are signed out at once and cannot sign in until unlocked.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // the form keeps the switch on, unsaved
    expect(await page.locator('input[name="isLocked"]').isChecked()).toBe(true);

    // both flags: both sentences, one save once confirmed (and only that one: the cancel sent none)
    await page.locator('input[name="isAdmin"]').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor();
    const asked = await dialog.innerText();
    expect(asked).toContain('Lock Flo Flags?');
    expect(asked).toContain(
      'Make Flo Flags an admin? They can then open this console and change every account.',
    );
    const saved = savedPut(page);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await saved;
    expect(puts.map((body) => JSON.parse(body))).toEqual([{ isAdmin: true, isLocked: true }]);
    expect(await adminView(user.id)).toMatchObject({ isLocked: true, isAdmin: true });

    // a save that leaves the flags alone is not asked
    await page.getByTestId('unlock-user').waitFor();
    await page.getByLabel('First name').fill('Florence');
    const renamed = savedPut(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await renamed;
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await adminView(user.id)).toMatchObject({ firstName: 'Florence', isLocked: true });
    await page.context().close();
  });

  it('asks in Spanish and French too; Escape saves nothing', async () => {
    const user = await createUser(setup.e2e.app, { firstName: 'Lea', lastName: 'Locale' });
    for (const [locale, save, text] of [
      ['es-ES', 'Guardar', '¿Bloquear a Lea Locale?'],
      ['fr-FR', 'Enregistrer', 'Bloquer Lea Locale\u202f?'],
    ] as const) {
      const page = await setup.consolePage(locale);
      await openUser(page, user.id);
      await page.locator('input[name="isLocked"]').check();
      await page.getByRole('button', { name: save }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(text);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.context().close();
    }
    expect((await adminView(user.id)).isLocked).toBe(false);
  });
});

describe('two-step verification on the user page', () => {
  it('says it is off and offers no reset for a user without it; says it is on and offers it otherwise', async () => {
    const enrolled = await createUser(setup.e2e.app, {
      firstName: 'Tess',
      lastName: 'Totp',
      secondFactor: true,
    });
    const page = await setup.consolePage();
    await openUser(page, enrolled.id);
    await page.getByRole('button', { name: 'Reset two-step verification' }).waitFor();
    const state = page.getByTestId('second-factor-state');
    expect(await state.innerText()).toMatch(/^Two-step verification\s+On$/);

    // in the same page (the signed-in admin already known): the partner's shows no reset
    await openUser(page, setup.partner.id);
    await expect
      .poll(() => page.locator('input[name="firstName"]').inputValue(), { timeout: 30_000 })
      .toBe('Pia');
    expect(await state.innerText()).toMatch(/^Two-step verification\s+Off$/);
    await page.getByRole('button', { name: 'Make admin' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reset two-step verification' }).count()).toBe(0);
    await page.context().close();
  });
});
