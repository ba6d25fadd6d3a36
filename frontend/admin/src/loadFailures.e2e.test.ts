import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../testing/browser';

/**
 * A page whose data could not be loaded says so in the console's language, with a button that
 * asks again: never "no results" for a list that failed, never "the item does not exist" (and a
 * jump to the list) for a user the server could not send for a moment.
 */
const setup = setUpConsoleE2e();
const { consolePage } = setup;

/** react-admin's notifications (MUI snackbars) shown on the page */
const toasts = (page: Page) => page.locator('.MuiSnackbar-root');

/** No notification says the failure again: the page's alert says it once (given time to appear). */
async function expectNoToast(page: Page) {
  await page.waitForTimeout(1_000);
  expect(await toasts(page).allInnerTexts()).toEqual([]);
}

describe('load failures', () => {
  it('Spanish: the audit log answered 503 says so, and shows its rows after a retry', async () => {
    const page = await consolePage('es-ES');
    await page.route('**/api/admin/audit?*', (route) =>
      route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' }),
    );
    await page.goto(`${setup.e2e.app.url}/admin/#/audit`);
    const failed = page.getByTestId('load-failed');
    await failed.waitFor({ timeout: 60_000 });
    expect(await failed.innerText()).toContain('No se pudo cargar.');
    expect(await failed.innerText()).toContain('El servicio no está disponible en este momento.');
    expect(await page.getByText('No hay resultados').count()).toBe(0);
    expect(await page.getByText('Service Unavailable').count()).toBe(0);
    await expectNoToast(page);

    await page.unroute('**/api/admin/audit?*');
    await failed.getByRole('button', { name: 'Reintentar' }).click();
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await failed.count()).toBe(0);
    await page.context().close();
  });

  it('French: a user the server could not be reached for stays open, then loads on retry', async () => {
    const page = await consolePage('fr-FR');
    const userUrl = `**/api/admin/users/${setup.partner.id}`;
    await page.route(userUrl, (route) => route.abort('connectionrefused'));
    await page.goto(`${setup.e2e.app.url}/admin/#/users/${setup.partner.id}`);
    const failed = page.getByTestId('load-failed');
    await failed.waitFor({ timeout: 60_000 });
    expect(await failed.innerText()).toContain('Le serveur est injoignable');
    expect(page.url()).toContain(`#/users/${setup.partner.id}`);
    expect(await page.getByText("L'élément n'existe pas").count()).toBe(0);

    await page.unroute(userUrl);
    await failed.getByRole('button', { name: 'Réessayer' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Prénom/ }).inputValue(), { timeout: 30_000 })
      .toBe('Pia');

    // asked again while the user is shown (after an action on the page, here a reset of the
    // training): the form stays, and a notification says why
    await page.route(userUrl, (route) =>
      route.request().method() === 'GET' ? route.abort('connectionrefused') : route.fallback(),
    );
    await page.getByRole('button', { name: 'Réinitialiser la formation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await expect
      .poll(() => toasts(page).allInnerTexts(), { timeout: 30_000 })
      .toContainEqual(expect.stringContaining('Le serveur est injoignable'));
    expect(await page.getByRole('textbox', { name: /^Prénom/ }).inputValue()).toBe('Pia');
    expect(await failed.count()).toBe(0);
    await page.context().close();
  });

  it('English: the funnel answered 500 recovers on retry', async () => {
    const page = await consolePage('en-US');
    await page.route('**/api/admin/funnel', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await page.goto(`${setup.e2e.app.url}/admin/#/funnel`);
    const failed = page.getByTestId('load-failed');
    await failed.waitFor({ timeout: 60_000 });
    expect(await failed.innerText()).toContain('Something went wrong. Please try again.');
    await page.unroute('**/api/admin/funnel');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('funnel-table').waitFor({ timeout: 30_000 });
    await page.context().close();
  });
  it('French: the users list says it once, under its own title; a failed refresh of shown rows is notified', async () => {
    const page = await consolePage('fr-FR');
    const usersUrl = '**/api/admin/users?*';
    const unavailable = (route: Route) =>
      route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' });
    await page.route(usersUrl, unavailable);
    // filtered: the first page unfiltered comes with the HTML (firstScreen.ts), not from this call
    const active = encodeURIComponent(JSON.stringify({ status: 'active' }));
    await page.goto(`${setup.e2e.app.url}/admin/#/users?filter=${active}`);
    const failed = page.getByTestId('load-failed');
    await failed.waitFor({ timeout: 60_000 });
    expect(await failed.innerText()).toContain('Impossible de charger les utilisateurs');
    await expectNoToast(page);

    await page.unroute(usersUrl);
    await failed.getByRole('button', { name: 'Réessayer' }).click();
    const rows = page.locator('[data-testid="users-grid"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // asked again while its rows are shown (the tab comes back to the front): they stay, and a
    // notification says why, once
    await page.route(usersUrl, unavailable);
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() => toasts(page).allInnerTexts(), { timeout: 30_000 })
      .toEqual([expect.stringContaining('Impossible de charger les utilisateurs\u00a0: ')]);
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await failed.count()).toBe(0);
    await page.context().close();
  });

  it("French: a user's history that could not be loaded says it once, in the history", async () => {
    const page = await consolePage('fr-FR');
    await page.route('**/api/admin/users/*/events?*', (route) => route.abort('connectionrefused'));
    await page.goto(`${setup.e2e.app.url}/admin/#/users/${setup.partner.id}`);
    const failed = page.getByTestId('load-failed');
    await failed.waitFor({ timeout: 60_000 });
    expect(await failed.innerText()).toContain('Le serveur est injoignable');
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Prénom/ }).inputValue(), { timeout: 30_000 })
      .toBe('Pia');
    await expectNoToast(page);
    await page.context().close();
  });
});
