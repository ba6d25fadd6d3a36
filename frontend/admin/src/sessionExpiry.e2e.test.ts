import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
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

/**
 * Types into a form once every request of the page has been answered while the session lived:
 * no late answer resets the form after the edit, and none comes back 401 before the save.
 */
async function typeOnceSettled(page: Page, field: Locator, value: string) {
  await page.waitForLoadState('networkidle');
  await field.fill(value);
}

/** The session ends (signed out in another tab), then Save: refused with 401, off to sign in. */
async function saveAfterSessionEnded(page: Page, session: TestClient) {
  const save = page.getByRole('button', { name: 'Save' });
  await expect.poll(() => save.isEnabled(), { timeout: 30_000 }).toBe(true);
  expect((await session.post('/api/logout')).status).toBeLessThan(300);
  await save.click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin'), { timeout: 30_000 });
}

/** Signed in again, the partner app opens the console (/admin, as after its code step). */
async function signInAgain(context: BrowserContext, page: Page) {
  await useSession(context);
  await page.goto(`${setup.e2e.app.url}/admin`);
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
    await typeOnceSettled(page, lastName, 'Changed');
    await saveAfterSessionEnded(page, session);

    // signed in again, the partner app opens the console (/admin, as after its code step)
    await signInAgain(context, page);
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
  it('keeps the typed, unsaved values across the sign-in; a save or a sign-out drops them', async () => {
    const { e2e, admin, partner } = setup;
    const context = await e2e.newContext();
    const session = await useSession(context);
    const page = await context.newPage();
    const kept = () =>
      page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('console.unsaved:')));
    const serverLastName = async () =>
      (await admin.client.get(`/api/admin/users/${partner.id}`)).body.lastName;
    // the form warns before an unsaved leave (warnWhenUnsavedChanges), but not before these:
    // the values are kept (401) or dropped on purpose (sign-out)
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.goto(`${e2e.app.url}/admin/#/users/${partner.id}`);
    const lastName = page.getByRole('textbox', { name: /^Last name/ });
    await expect.poll(() => lastName.inputValue(), { timeout: 60_000 }).toBe('Partner');

    await typeOnceSettled(page, lastName, 'Typed');
    await saveAfterSessionEnded(page, session);

    // back on the page: the typed value is in the form again, not saved
    await signInAgain(context, page);
    await expectUserPage(page, partner.id);
    await expect.poll(() => lastName.inputValue(), { timeout: 30_000 }).toBe('Typed');
    expect(await serverLastName()).toBe('Partner');

    // saved: the server has it and nothing is kept any more
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(serverLastName, { timeout: 30_000 }).toBe('Typed');
    await expect.poll(kept, { timeout: 30_000 }).toEqual([]);
    await page.reload();
    await expect.poll(() => lastName.inputValue(), { timeout: 30_000 }).toBe('Typed');

    // typed again, then signed out: nothing is kept for the next one to sign in on this tab
    await lastName.fill('Unsaved');
    await expect.poll(kept).toEqual([`console.unsaved:${admin.id}:users:${partner.id}`]);
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'), { timeout: 30_000 });
    expect(await kept()).toEqual([]);
    expect(asked).toEqual([]);
    await context.close();
  });
  it('keeps the typed value of a content form (the academy links) too', async () => {
    const context = await setup.e2e.newContext();
    const session = await useSession(context);
    const page = await context.newPage();
    await page.goto(`${setup.e2e.app.url}/admin/#/academy-links/current`);
    const field = page.locator('input[name="advancedAcademyUrl"]');
    await page.getByTestId('links-source').waitFor({ timeout: 60_000 });
    await typeOnceSettled(page, field, 'https://academy.example.com/typed');
    await saveAfterSessionEnded(page, session);
    await signInAgain(context, page);
    await expect.poll(() => page.url(), { timeout: 30_000 }).toContain('#/academy-links/current');
    await expect
      .poll(() => field.inputValue(), { timeout: 30_000 })
      .toBe('https://academy.example.com/typed');
    await context.close();
  });
});
