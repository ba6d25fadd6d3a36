import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openedDialog, startE2eApp, type E2eApp } from '../../../../testing/browser';
import { createUser, type CreatedUser } from '../../../../testing/users';
import { finishFoundation } from '../../../../testing/progress';
import { seedAcademyContent } from '../../../../backend/src/demo/academy';
import { aroundDelay, countRequests, pauseClock, settle, tickUntil } from '../../../../testing/pageClock';

/**
 * The delays of spec 000 and 001 section 9 on the page's own clock (`testing/pageClock.ts`):
 * each is pinned between "not yet" 10 ms of page time before it and "done" just after it.
 */
let e2e: E2eApp;
beforeAll(async () => {
  e2e = await startE2eApp();
  await seedAcademyContent(e2e.app.deps);
});
afterAll(async () => {
  await e2e?.close();
});

/** A page whose clock stands still until the test moves it; signed in as `user` if given. */
async function pausedPage(user?: CreatedUser): Promise<Page> {
  const context: BrowserContext = await e2e.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.app.url });
  if (user) {
    const res = await context.request.post('/api/login', {
      data: { email: user.email, password: user.password },
    });
    expect(res.status()).toBe(200);
  }
  const page = await context.newPage();
  await pauseClock(page);
  return page;
}

/**
 * Opens the login dialog from the landing page and fills it in. The dialog comes as soon as its
 * code is there, with no page time (React's `lazy` made it wait 300 ms: `frontend/shared/useModule.ts`).
 */
async function filledLoginDialog(page: Page, email: string, password: string) {
  await page.goto('/');
  const login = page.getByRole('button', { name: 'LOGIN' });
  await tickUntil(page, async () => (await login.count()) > 0);
  await login.click();
  const dialog = page.getByRole('dialog', { name: /Training Login/ });
  await settle(page, async () => (await dialog.count()) > 0);
  await page.clock.runFor(1000); // the dialog's opening motion
  await openedDialog(dialog);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  return dialog;
}

const shown = (page: Page, text: string) => async () => (await page.getByText(text).count()) > 0;
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('spec delays on the page clock', () => {
  it('a signed-out visit to a guarded page goes to the login 2000 ms after the card shows', async () => {
    const page = await pausedPage();
    await page.goto('/settings');
    await tickUntil(page, shown(page, 'Authentication Required'));
    await aroundDelay(page, 2000, () => expect(pathOf(page)).toBe('/settings'));
    await settle(page, async () => pathOf(page) !== '/settings');
  });

  it('finishing step 5 opens the Academy 1.5 s later', async () => {
    const user = await createUser(e2e.app);
    await finishFoundation(e2e.app, user.id, [1, 2, 3, 4]);
    const page = await pausedPage(user);
    await page.goto('/onboarding?step=5');
    await tickUntil(page, async () => (await page.getByLabel('Why did you join?').count()) > 0);
    await page.getByLabel('Why did you join?').fill('Freedom for my family');
    await page.getByRole('button', { name: 'Complete training' }).click();
    await tickUntil(page, shown(page, 'Opening the Academy...'));
    await aroundDelay(page, 1500, () => expect(pathOf(page)).toBe('/onboarding'));
    await settle(page, async () => pathOf(page) === '/academy');
  });

  it('the Academy offers its tour 1 s after the hub shows', async () => {
    const user = await createUser(e2e.app);
    await finishFoundation(e2e.app, user.id);
    const page = await pausedPage(user);
    await page.goto('/academy');
    await tickUntil(page, async () => (await page.locator('.hub-card').count()) > 0);
    await aroundDelay(page, 1000, async () =>
      expect(await page.getByText('Take a quick tour?').count()).toBe(0),
    );
    // the idle callback that opens it waits 50 ms while other timers are pending
    expect(await tickUntil(page, shown(page, 'Take a quick tour?'))).toBeLessThanOrEqual(60);
  });

  it('step 3 saves the lists 500 ms after the last change', async () => {
    const user = await createUser(e2e.app);
    const page = await pausedPage(user);
    const saves = countRequests(page, '/api/update-onboarding-data');
    await page.goto('/onboarding?step=3');
    const input = page.getByLabel('Name of a possible customer');
    await tickUntil(page, async () => (await input.count()) > 0);
    await input.fill('Ana');
    await input.press('Enter');
    await tickUntil(page, shown(page, 'Ana'));
    await page.clock.runFor(250);
    // a second name within the 500 ms starts the wait again
    await input.fill('Bruno');
    await input.press('Enter');
    await tickUntil(page, shown(page, 'Bruno'));
    await aroundDelay(page, 500, () => expect(saves()).toBe(0));
    await settle(page, async () => saves() === 1);
    await tickUntil(page, shown(page, 'All changes saved'));
    expect(saves()).toBe(1);
  });

  it('step 1 reads the newsletter status again 1 s after an unsubscribe', async () => {
    const user = await createUser(e2e.app, { newsletter: false });
    const page = await pausedPage(user);
    const checks = countRequests(page, '/api/check-newsletter-status');
    await page.goto('/onboarding?step=1');
    await tickUntil(page, shown(page, 'You are not subscribed yet'));
    await page.getByRole('button', { name: 'Subscribe to the newsletter' }).click();
    await tickUntil(page, async () => page.url().includes('step=2'));
    await page.goto('/onboarding?step=1');
    await tickUntil(page, shown(page, 'You are subscribed to the newsletter'));
    await page.locator('#main').getByRole('button', { name: 'Unsubscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsubscribe from the newsletter?' });
    await tickUntil(page, async () => (await dialog.count()) > 0);
    await page.clock.runFor(1000); // the dialog's opening motion
    await openedDialog(dialog);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/newsletter/unsubscribe');
    await dialog.getByRole('button', { name: 'Unsubscribe' }).click();
    await answered;
    await page.getByText('You are not subscribed yet').waitFor();
    const before = checks();
    await aroundDelay(page, 1000, () => expect(checks()).toBe(before));
    await settle(page, async () => checks() === before + 1);
  });

  it('the vault says Copied! for 2 s', async () => {
    const user = await createUser(e2e.app);
    const page = await pausedPage(user);
    await page.goto('/vault');
    await tickUntil(page, async () => (await page.locator('.vault-card').count()) > 0);
    await page.locator('.vault-card').first().click();
    const dialog = page.getByRole('dialog');
    await tickUntil(page, async () => (await dialog.count()) > 0);
    await page.clock.runFor(1000); // the dialog's opening motion
    await openedDialog(dialog);
    await dialog.getByRole('button', { name: 'Copy Link' }).click();
    await tickUntil(page, async () => (await dialog.getByRole('button', { name: 'Copied!' }).count()) > 0);
    await aroundDelay(page, 2000, async () =>
      expect(await dialog.getByRole('button', { name: 'Copied!' }).count()).toBe(1),
    );
    await settle(page, async () => (await dialog.getByRole('button', { name: 'Copy Link' }).count()) > 0);
  });
  it('the login dialog and the first toast come at once; a toast is dismissed 2000 ms after it shows', async () => {
    const user = await createUser(e2e.app);
    const page = await pausedPage();
    const dialog = await filledLoginDialog(page, user.email, 'not-my-password');
    await dialog.getByRole('button', { name: 'SIGN IN' }).click();
    // a toast that is not leaving
    const toast = page.locator('.ant-notification-notice:not([class*="leave"])', { hasText: 'Login failed' });
    // the first toast, too, comes without page time
    await settle(page, async () => (await toast.count()) > 0);
    await aroundDelay(page, 2000, async () => expect(await toast.count()).toBe(1));
    // its timer starts once the first frame after its mount is painted, and antd's leave motion
    // marks the toast a few frames after its timer ends (a frame: 16 ms)
    expect(await tickUntil(page, async () => (await toast.count()) === 0)).toBeLessThanOrEqual(100);
  });
  it("the partners page keeps its list 5 minutes, its counts and a partner's details 1 minute", async () => {
    const sponsor = await createUser(e2e.app, { firstName: 'Sara', lastName: 'Sponsor' });
    await createUser(e2e.app, { firstName: 'Paul', lastName: 'Partner', sponsorId: sponsor.id });
    const page = await pausedPage(sponsor);
    const lists = countRequests(page, '/api/partners');
    const stats = countRequests(page, '/api/partners/stats');
    const details = countRequests(page, (p) => p.startsWith('/api/partners/details/'));
    const card = page.getByTestId('partner-card');
    await page.goto('/partners');
    await tickUntil(page, async () => (await card.count()) > 0);
    expect([lists(), stats()]).toEqual([1, 1]);

    /** Leaves the page for the landing page (inside the app: the cache stays) and comes back. */
    const awayFor = async (ms: number) => {
      await page.locator('header a.logo').click();
      await tickUntil(page, async () => pathOf(page) === '/');
      await page.clock.runFor(ms);
      await page.goBack();
      await tickUntil(page, async () => (await card.count()) > 0);
    };
    // 4 min 40 s later: the list is kept, the counts are read again
    await awayFor(5 * 60_000 - 20_000);
    expect([lists(), stats()]).toEqual([1, 2]);
    // the list is 5 min 10 s old, the counts read again 30 s ago
    await awayFor(30_000);
    expect([lists(), stats()]).toEqual([2, 2]);

    const sheet = page.locator('.partner-sheet');
    const openAndClose = async () => {
      await card.first().click();
      await tickUntil(page, async () => (await sheet.getByText('Account information').count()) > 0);
      await page.clock.runFor(500); // the sheet's slide
      await sheet.locator('.ant-drawer-close').click();
      await page.clock.runFor(500);
      await tickUntil(page, async () => (await sheet.getByText('Account information').count()) === 0);
    };
    await openAndClose();
    expect(details()).toBe(1);
    await page.clock.runFor(50_000);
    await openAndClose();
    expect(details()).toBe(1);
    await page.clock.runFor(15_000);
    await openAndClose();
    expect(details()).toBe(2);
  });
  it('the tour starts 0.5 s after it is asked for', async () => {
    const user = await createUser(e2e.app);
    await finishFoundation(e2e.app, user.id);
    const page = await pausedPage(user);
    await page.goto('/academy');
    await tickUntil(page, async () => (await page.locator('.hub-card').count()) > 0);
    const tooltip = page.locator('.react-joyride__tooltip');
    // the first time, the tour's code arrives first (how long the page takes to run it varies
    // with the machine); then skipped, and started again
    await page.getByTestId('start-tour').click();
    await tickUntil(page, async () => (await tooltip.count()) > 0);
    await page.clock.runFor(1000); // the tooltip's motion
    await tooltip.getByRole('button', { name: 'Skip tour' }).click();
    await tickUntil(page, async () => (await tooltip.count()) === 0);
    await page.clock.runFor(1000);
    await page.getByTestId('start-tour').click();
    await aroundDelay(page, 500, async () => expect(await tooltip.count()).toBe(0));
    // joyride draws its tooltip a frame or two after it starts (a frame: 16 ms)
    expect(await tickUntil(page, async () => (await tooltip.count()) > 0)).toBeLessThanOrEqual(40);
  });
  it('the menu opens at once', async () => {
    const user = await createUser(e2e.app);
    const page = await pausedPage(user);
    await page.goto('/settings');
    await tickUntil(page, async () => (await page.getByRole('button', { name: 'Open menu' }).count()) > 0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await settle(page, async () => (await page.getByRole('button', { name: 'Sign out' }).count()) > 0);
  });
  it('a tooltip opens after 700 ms of hovering, the next one within 300 ms at once', async () => {
    const page = await pausedPage();
    await page.goto('/');
    const logo = page.locator('header a.logo');
    const language = page.locator('header .lang-trigger').first();
    // React's logo (the HTML's top bar has a logo link too, without the tagline nor the tooltip)
    await tickUntil(page, async () => (await logo.locator('.logo-tagline').count()) > 0);
    const tip = (text: string) => page.getByRole('tooltip', { name: text });
    const home = tip('Training Academy home');
    await logo.hover();
    await aroundDelay(page, 700, async () => expect(await home.count()).toBe(0));
    await settle(page, async () => (await home.count()) === 1);
    // it describes the link while open
    expect(await logo.getAttribute('aria-describedby')).toBe(await home.getAttribute('id'));
    // along the top bar: the next one at once
    await language.hover();
    await settle(page, async () => (await tip('Choose language').count()) === 1);
    expect(await home.count()).toBe(0);
    // after more than 300 ms away, the wait again
    await page.mouse.move(640, 600);
    await page.clock.runFor(400);
    expect(await tip('Choose language').count()).toBe(0);
    await logo.hover();
    await aroundDelay(page, 700, async () => expect(await home.count()).toBe(0));
    await settle(page, async () => (await home.count()) === 1);
  });
  it('a sign-in goes on to its page 100 ms after the progress has come', async () => {
    const user = await createUser(e2e.app);
    const page = await pausedPage();
    const dialog = await filledLoginDialog(page, user.email, user.password);
    const progress = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/onboarding-progress');
    await dialog.getByRole('button', { name: 'SIGN IN' }).click();
    await progress;
    await aroundDelay(page, 100, () => expect(pathOf(page)).toBe('/'));
    await settle(page, async () => pathOf(page) === '/foundation');
  });
});
