import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import { createUser } from '../../../../testing/users';

/**
 * The user page says whether two-step verification is on, and offers its reset only to users
 * who have it.
 */
const setup = setUpConsoleE2e();

async function openUser(page: Page, id: string) {
  await page.goto(`${setup.e2e.app.url}/admin/#/users/${id}`);
  await page.locator('input[name="firstName"]').waitFor({ timeout: 60_000 });
}

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
