import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../../testing/browser';
import { focused, poll } from '../../../../testing/keyboard';

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
