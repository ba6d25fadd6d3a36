import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openedDialog, startE2eApp, type E2eApp } from '../../../../../testing/browser';
import { createUser } from '../../../../../testing/users';

// Settings' profile card with the keyboard only, in Chromium.
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2eApp();
});
afterAll(async () => {
  await e2e?.close();
});

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return el.id || el.innerText.trim() || el.tagName;
  });

describe('profile card with the keyboard', () => {
  it('Edit profile puts the focus in the form; Escape and Save bring it back to Edit profile', async () => {
    const user = await createUser(e2e.app, { firstName: 'Kai', lastName: 'Keys' });
    const page = await (await e2e.signedInContext(user.client)).newPage();
    await page.goto('/settings');
    const edit = page.getByRole('button', { name: 'Edit profile' });
    await edit.focus();

    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: 30_000 }).toBe('profile-first');
    await page.keyboard.type('x');
    // Escape leaves the form without saving
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page), { timeout: 30_000 }).toBe('Edit profile');
    await page.getByText('Kai', { exact: true }).waitFor();

    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: 30_000 }).toBe('profile-first');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Kaia');
    await page.keyboard.press('Enter');
    await page.getByText('Kaia', { exact: true }).waitFor();
    await expect.poll(() => focused(page), { timeout: 30_000 }).toBe('Edit profile');
    expect(JSON.stringify((await user.client.get('/api/me')).body)).toContain('"firstName":"Kaia"');
    await page.context().close();
  });
});

/** A new partner's Settings page, in French (the longest language) on a 390 px phone. */
async function frenchPhoneSettings(): Promise<Page> {
  const user = await createUser(e2e.app, { firstName: 'Inès', lastName: 'Petit' });
  const context = await e2e.signedInContext(user.client, {
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto('/settings');
  return page;
}

describe('profile card on a phone', () => {
  it('keeps the form’s buttons on the card in the longest language (French, 390 px)', async () => {
    const page = await frenchPhoneSettings();
    await page.getByRole('button', { name: 'Modifier le profil' }).click();
    const card = await page.locator('.settings-profile').boundingBox();
    for (const name of ['Annuler', 'Enregistrer les modifications']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box && card && box.x >= card.x && box.x + box.width <= card.x + card.width, name).toBe(true);
    }
    await page.context().close();
  });

  it('says why a password change is refused inside the dialog, where nothing covers it (French, 390 px)', async () => {
    const page = await frenchPhoneSettings();
    await page.locator('.settings-profile').getByRole('button', { name: 'Changer le mot de passe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le mot de passe' });
    await openedDialog(dialog);
    const refusal = dialog.getByRole('alert');
    const submit = dialog.getByRole('button', { name: 'Changer le mot de passe' });
    const expectNoToast = async () =>
      expect(await page.locator('.ant-notification-notice').count(), 'a toast over the dialog').toBe(0);

    // too short (the client's check)
    await dialog.getByLabel('Mot de passe actuel').fill('wrong-password');
    await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill('abc');
    await dialog.getByLabel('Confirmez le nouveau mot de passe').fill('abc');
    await submit.click();
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(
      'Mot de passe trop court\nLe mot de passe doit comporter au moins 6\u00a0caractères.',
    );
    await expectNoToast();
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/change-password-refused-fr-phone.png` });

    // typing again takes it away; the server's refusal (wrong current password) is said there too
    await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill('a-longer-one');
    await refusal.waitFor({ state: 'detached' });
    await dialog.getByLabel('Confirmez le nouveau mot de passe').fill('a-longer-one');
    await submit.click();
    await refusal.getByText('Échec du changement de mot de passe').waitFor();
    await expectNoToast();
    await page.context().close();
  });
});
