import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2eApp, type E2eApp } from '../../../../testing/browser';
import { focused, poll, shiftTabTo, tabTo } from '../../../../testing/keyboard';
import { createUser } from '../../../../testing/users';

// The top bar's menus and the app's dialogs as a keyboard-only partner meets them.
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2eApp();
});
afterAll(async () => {
  await e2e?.close();
});

describe('the language menu with the keyboard', () => {
  it('Tab and Shift+Tab out of the open list close it (no list left open beside the focus)', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    const trigger = page.getByRole('button', { name: /Choose language/ });
    const menu = page.getByRole('menu', { name: 'Language' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    // the open list takes the focus on its checked item
    await poll(() => focused(page)).toBe('menuitemradio: English');
    // one Tab leaves the menu for what follows the button (the items are not Tab stops)
    await page.keyboard.press('Tab');
    await menu.waitFor({ state: 'detached' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toBe('button: Sign in');

    await trigger.focus();
    await page.keyboard.press('Enter');
    await poll(() => focused(page)).toBe('menuitemradio: English');
    // Shift+Tab goes back to the button
    await page.keyboard.press('Shift+Tab');
    await menu.waitFor({ state: 'detached' });
    expect(await focused(page)).toMatch(/^button: EN — Choose language/);
    // the arrows no longer pull the focus back into a list that is gone
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).not.toMatch(/^menuitemradio/);
  });
});

/** a page of a new partner's browser, in `language` */
async function partnerPage(language = 'en'): Promise<Page> {
  const user = await createUser(e2e.app);
  const context = await e2e.signedInContext(user.client);
  await context.addInitScript((lang) => window.localStorage.setItem('preferredLanguage', lang), language);
  return context.newPage();
}

describe('radio groups with the keyboard (WAI-ARIA radio group pattern)', () => {
  it('the language list: one Tab stop, the checked language; arrows, Home and End move and choose', async () => {
    const page = await partnerPage();
    await page.goto('/settings');
    const checked = () => page.locator('main .lang-list [aria-checked="true"]').textContent();
    await page.locator('main .lang-list').waitFor();
    await tabTo(page, /^radio: English/);
    // one stop for the group: the next Tab leaves it, Shift+Tab comes back to the checked one
    await page.keyboard.press('Tab');
    expect(await focused(page)).not.toMatch(/^radio/);
    expect(await shiftTabTo(page, /^radio/)).toBe('radio: English');
    await page.keyboard.press('ArrowRight');
    await poll(checked).toBe('Español');
    expect(await focused(page)).toBe('radio: Español');
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.keyboard.press('ArrowDown');
    await poll(checked).toBe('Français');
    // round the ends
    await page.keyboard.press('ArrowRight');
    await poll(checked).toBe('English');
    await page.keyboard.press('ArrowLeft');
    await poll(checked).toBe('Français');
    await page.keyboard.press('Home');
    await poll(checked).toBe('English');
    await page.keyboard.press('End');
    await poll(checked).toBe('Français');
    expect(await focused(page)).toBe('radio: Français');
    await page.keyboard.press('ArrowUp');
    await poll(checked).toBe('Español');
    expect(await focused(page)).toBe('radio: Español');
    await page.context().close();
  });

  it('languages passed through with the arrows: the server keeps the last one, whatever answers first', async () => {
    const user = await createUser(e2e.app);
    // a stored language: the app sends none of its own at sign-in
    await user.client.post('/api/preferred-language', { language: 'en' });
    const context = await e2e.signedInContext(user.client);
    const page = await context.newPage();
    // the first choice's request is held until the last choice is on screen: sent at once, the
    // last would be answered first and the held one would then overwrite it
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    let answered = 0;
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/api/preferred-language')) answered++;
    });
    await page.route('**/api/preferred-language', async (route) => {
      sent.push(route.request().postDataJSON().language);
      if (sent.length === 1) await released;
      await route.continue();
    });
    await page.goto('/settings');
    const checked = () => page.locator('main .lang-list [aria-checked="true"]').textContent();
    await page.locator('main .lang-list').waitFor();
    await tabTo(page, /^radio: English/);
    await page.keyboard.press('ArrowRight');
    await poll(() => sent.length).toBe(1);
    await page.keyboard.press('ArrowRight');
    await poll(checked).toBe('Français');
    release();
    // every request answered (the languages passed over while one was on its way are not sent)
    await poll(() => answered).toBe(2);
    expect(sent).toEqual(['es', 'fr']);
    expect((await user.client.get('/api/me')).body.preferredLanguage).toBe('fr');
    await context.close();
  });

  it('the replay categories: one Tab stop, the checked chip; arrows, Home and End move and filter', async () => {
    const page = await partnerPage();
    await page.goto('/replays');
    const group = page.getByRole('radiogroup', { name: 'Category' });
    const checked = () => group.locator('[aria-checked="true"]').textContent();
    await group.waitFor();
    await tabTo(page, /^radio: All$/);
    await page.keyboard.press('Tab');
    expect(await focused(page)).not.toMatch(/^radio/);
    expect(await shiftTabTo(page, /^radio/)).toBe('radio: All');
    await page.keyboard.press('ArrowRight');
    await poll(checked).toBe('Training');
    expect(await focused(page)).toBe('radio: Training');
    await page.keyboard.press('End');
    await poll(checked).toBe('Team Updates');
    await page.keyboard.press('ArrowDown');
    await poll(checked).toBe('All');
    await page.keyboard.press('ArrowUp');
    await poll(checked).toBe('Team Updates');
    await page.keyboard.press('Home');
    await poll(checked).toBe('All');
    expect(await focused(page)).toBe('radio: All');
    await page.context().close();
  });
});
