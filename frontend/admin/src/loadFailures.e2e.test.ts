import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../testing/browser';

/**
 * A page whose data could not be loaded says so in the console's language, with a button that
 * asks again: never "no results" for a list that failed, never "the item does not exist" (and a
 * jump to the list) for a user the server could not send for a moment.
 */
const setup = setUpConsoleE2e();
const { consolePage } = setup;

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
});
