import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { setUpConsoleE2e } from '../../../testing/browser';
import type { TestClient } from '../../../testing/app';
import { signIn } from '../../../testing/users';

/**
 * A session that ends while the admin works (signed out elsewhere, expired, revoked) sends them
 * to the portal's sign-in; once signed in again they are back on the page they were on, not on
 * the users list (returnTo.ts).
 */
const setup = setUpConsoleE2e();

/** A session of its own for the admin, in the browser context's cookies. */
async function useSession(context: BrowserContext): Promise<TestClient> {
  const client = setup.e2e.app.client();
  await signIn(client, setup.admin);
  await setup.e2e.useSession(context, client);
  return client;
}

/** The console has opened the user's page (its route in the URL) and shows their first name. */
async function expectUserPage(page: Page, id: string) {
  await expect.poll(() => page.url(), { timeout: 30_000 }).toContain(`/admin/#/users/${id}`);
  await expect
    .poll(() => page.getByRole('textbox', { name: /^First name/ }).inputValue(), { timeout: 30_000 })
    .toBe('Pia');
}

describe('session ending while editing', () => {
  it('goes to the sign-in and, signed in again, comes back to the same user', async () => {
    const context = await setup.e2e.newContext();
    const session = await useSession(context);
    const page = await context.newPage();
    const crashes: string[] = [];
    page.on('pageerror', (e) => crashes.push(e.message));
    await page.goto(`${setup.e2e.app.url}/admin/#/users/${setup.partner.id}`);
    const lastName = page.getByRole('textbox', { name: /^Last name/ });
    await expect.poll(() => lastName.inputValue(), { timeout: 60_000 }).toBe('Partner');

    // the session ends (signed out in another tab); the next save is refused with 401
    expect((await session.post('/api/logout')).status).toBeLessThan(300);
    await lastName.fill('Changed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'), { timeout: 30_000 });

    // signed in again, the partner app opens the console (/admin, as after its code step)
    await useSession(context);
    await page.goto(`${setup.e2e.app.url}/admin`);
    await expectUserPage(page, setup.partner.id);
    expect(crashes).toEqual([]);

    // once: a later visit of /admin/ opens the users list
    await page.goto(`${setup.e2e.app.url}/admin/`);
    await expect.poll(() => page.url(), { timeout: 30_000 }).toContain('/admin/#/users');
    expect(page.url()).not.toContain(setup.partner.id);
    await context.close();
  });

  it('opens a console link that was opened signed out once the admin has signed in', async () => {
    const context = await setup.e2e.newContext();
    const page = await context.newPage();
    // a link to a user's page, shared in a mail: signed out, the portal asks to sign in
    await page.goto(`${setup.e2e.app.url}/admin/#/users/${setup.partner.id}`);
    await page.getByText('Authentication Required').waitFor({ timeout: 30_000 });

    // signed in (password and code), the partner app opens the console at /admin, without the link
    await useSession(context);
    await page.goto(`${setup.e2e.app.url}/admin`);
    await expectUserPage(page, setup.partner.id);
    await context.close();
  });
});
