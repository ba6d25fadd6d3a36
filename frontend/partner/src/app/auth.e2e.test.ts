import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../../testing/app';
import { launchBrowser, openedDialog, openedList } from '../../../../testing/browser';
import { outsideContentBox, overlappingBoxes } from '../../../../testing/layout';
import { type CreatedUser, createUser, nextSecondFactor } from '../../../../testing/users';
import { issueTemporaryPassword } from '../../../../testing/auth';
import { TOAST_DURATION_MS } from '../lib/toast';
import { focused, poll } from '../../../../testing/keyboard';

// Sign-in, registration, the guard, the forced password change and the language choice, in
// real Chromium against the real API serving the built bundles (`npm run build` first).
let app: TestApp;
let browser: Browser;
let sponsor: CreatedUser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startTestApp({ SERVE_BUNDLES: '1' });
  browser = await launchBrowser();
  sponsor = await createUser(app, { firstName: 'Sam', lastName: 'Sponsor' });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 640 };

async function newPage(locale = 'en-US', viewport = { width: 1280, height: 860 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.url, locale, viewport });
  contexts.push(context);
  const page = await context.newPage();
  await recordActivity(page);
  return page;
}

/** What each page did, for a failed wait to tell: its API calls, its errors, its toasts. */
const activity = new WeakMap<Page, { start: number; lines: string[] }>();
const note = (page: Page, line: string) => {
  const log = activity.get(page);
  log?.lines.push(`+${Date.now() - log.start} ms ${line}`);
};

async function recordActivity(page: Page) {
  activity.set(page, { start: Date.now(), lines: [] });
  const api = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => api(r.url()) && note(page, `sent ${r.method()} ${new URL(r.url()).pathname}`));
  page.on('response', (r) => api(r.url()) && note(page, `${r.status()} ${new URL(r.url()).pathname}`));
  page.on('requestfailed', (r) => note(page, `failed ${r.url()}: ${r.failure()?.errorText}`));
  page.on('pageerror', (e) => note(page, `page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.text().startsWith('toast: '))
      note(page, `console ${m.type()}: ${m.text()}`);
  });
  // a toast lasts 2 s: each one is logged as it appears, in case it is gone by the failure
  await page.addInitScript(() => {
    new MutationObserver((changes) => {
      for (const node of changes.flatMap((c) => [...c.addedNodes])) {
        if (!(node instanceof Element)) continue;
        const notices = node.matches('.ant-notification-notice')
          ? [node]
          : node.querySelectorAll('.ant-notification-notice');
        for (const notice of notices) console.info(`toast: ${notice.textContent}`);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The 403 answers and console errors a page has from now on, as lines. */
function refusalsOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) lines.push(`403 ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') lines.push(`console error: ${m.text()}`);
  });
  return lines;
}

/** Waits for `target` (30 s); a failure's message adds what the page did and the text it shows. */
async function waitOrExplain(page: Page, target: Locator) {
  note(page, `waiting for ${target}`);
  try {
    await target.waitFor();
  } catch (error) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 5_000 })
      .catch((e: Error) => `(unreadable: ${e.message})`);
    const lines = activity.get(page)?.lines ?? [];
    throw new Error(
      `${(error as Error).message}\n--- the page's API calls, errors and toasts:\n${lines.join('\n')}\n--- its text:\n${text.slice(0, 3_000)}`,
      { cause: error },
    );
  }
}

/** An index.html as built: the answers the server puts in its head taken out again. */
const withoutPageData = (html: string) => html.replace(/<script id="page-data" [^]*?<\/script>\n\s*/, '');
const loginDialog = (page: Page) => page.getByRole('dialog', { name: /Training Login/ });

async function signInThroughDialog(page: Page, email: string, password: string) {
  const dialog = loginDialog(page);
  await openedDialog(dialog);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'SIGN IN' }).click();
}

/**
 * Signs in through the login dialog of /?showLogin=true, its fields and button found whatever the
 * page's language; answers the dialog's box.
 */
async function signInInAnyLanguage(page: Page, email: string, password: string): Promise<Locator> {
  await page.goto('/?showLogin=true');
  await openedDialog(page.getByRole('dialog'));
  const dialog = page.locator('.ant-modal-container');
  await dialog.locator('input[type=email]').fill(email);
  await dialog.locator('input[type=password]').fill(password);
  await dialog.locator('button[type=submit]').click();
  return dialog;
}

/**
 * The dialog's inline error, once the server's answer has put it there. Waited for, not polled:
 * `expect.poll` gives up after 1 s, which a loaded machine's sign-in answer may take.
 */
async function inlineError(dialog: Locator): Promise<string | null> {
  const alert = dialog.getByRole('alert');
  await alert.waitFor();
  return alert.textContent();
}

/** /register's passcode dialog, once opened, given the right passcode. */
async function enterPasscode(page: Page) {
  await page.goto('/register');
  const dialog = page.getByRole('dialog', { name: 'Registration Passcode' });
  // a click while it zooms in can be lost (openedDialog)
  await openedDialog(dialog);
  await dialog.getByLabel('Passcode', { exact: true }).fill('TESTPASS');
  await dialog.getByRole('button', { name: 'Verify Passcode' }).click();
}

/** Through the passcode to a filled registration form (Nadia Newcomer, sponsor Sam). */
async function fillRegistration(page: Page, email: string) {
  await enterPasscode(page);
  // the success toast says its title once: the body goes on from it
  const granted = page.locator('.ant-notification-notice', { hasText: 'Access granted!' });
  await waitOrExplain(page, granted);
  expect(await granted.locator('.ant-notification-notice-description').textContent()).toBe(
    'You can now create your account.',
  );
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await typeDetails(page, email);
  await pickSponsor(page);
}

/** The registration form's fields before the sponsor, as Nadia Newcomer. */
async function typeDetails(page: Page, email: string) {
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('nadia-secret');
}

/** Sam Sponsor, searched for and picked in the registration form's sponsor picker. */
async function pickSponsor(page: Page) {
  const sponsorInput = page.getByRole('combobox', { name: 'Sponsor' });
  await sponsorInput.click();
  await sponsorInput.fill('Sam');
  // antd's Select: the visible entries are its option items (the role=option list is for screen readers)
  const option = page.locator('.ant-select-item-option', { hasText: 'Sam Sponsor' });
  // a pick while the list opens can be lost (openedList)
  await openedList(option);
  await option.click();
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('sign-in flow in Chromium', () => {
  it('registers with the passcode and a sponsor, lands on /foundation, signs out and signs in again', async () => {
    const page = await newPage();
    await fillRegistration(page, 'nadia@example.test');
    // the form's icon buttons say what they do: antd's bare "Show" and rc-select's "Clear" (in
    // every language) told a screen reader neither what is shown nor what is cleared
    await page.getByRole('button', { name: 'Show password', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove the chosen sponsor', exact: true }).waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/register-filled.png` });
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL(/\/foundation$/);
    await page.getByText('Account created successfully!').waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/registered.png` });
    const me = await page.request.get('/api/me');
    expect(await me.json()).toMatchObject({ email: 'nadia@example.test', sponsorName: 'Sam Sponsor' });

    // sign out through the menu: back on the landing page, signed out
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'LOGIN' }).waitFor();
    expect((await page.request.get('/api/me')).status()).toBe(401);

    // and in again through the top bar
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    await signInThroughDialog(page, 'nadia@example.test', 'nadia-secret');
    await page.getByText('You have successfully signed in.').waitFor();
    await page.waitForURL(/\/foundation$/);
  });

  it('on a slow phone, busy when the passcode toast mounts, the toast still stays 2 s from its first paint', async () => {
    const page = await newPage('en-US', PHONE);
    // the page held busy for 2.5 s in the frame that would first paint the toast; then the
    // moments it was painted and began to leave (antd's leave motion) are noted
    await page.addInitScript((busyMs) => {
      const seen: { painted?: number; left?: number } = {};
      Object.assign(window, { toastSeen: seen });
      let held = false;
      new MutationObserver(() => {
        if (!held && document.querySelector('.ant-notification-notice')) {
          held = true;
          requestAnimationFrame(() => {
            const until = performance.now() + busyMs;
            while (performance.now() < until);
            setTimeout(() => (seen.painted = performance.now()));
          });
        }
        const leaving =
          document.querySelector('.ant-notification-fade-leave') ||
          !document.querySelector('.ant-notification-notice');
        if (seen.painted !== undefined && seen.left === undefined && leaving) seen.left = performance.now();
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    }, 2_500);
    await enterPasscode(page);
    await waitOrExplain(page, page.locator('.ant-notification-notice', { hasText: 'Access granted!' }));
    const seen = await page.waitForFunction(() => {
      const { painted, left } = (window as unknown as { toastSeen: { painted?: number; left?: number } })
        .toastSeen;
      return left !== undefined && { painted: painted!, left };
    });
    const { painted, left } = (await seen.jsonValue()) as { painted: number; left: number };
    // a lower bound: a loaded machine only makes it longer (antd counts with Date.now, whole ms)
    expect(left - painted).toBeGreaterThan(TOAST_DURATION_MS - 5);
  });

  it('a taken e-mail at registration is shown on the e-mail field, and the toast keeps clear of it (phone)', async () => {
    const taken = await createUser(app, { sponsorId: sponsor.id });
    const page = await newPage('en-US', PHONE);
    await fillRegistration(page, taken.email);
    await page.getByRole('button', { name: 'Create Account' }).click();

    const message = 'An account with this email already exists. Please sign in instead.';
    const toastBox = page.locator('.ant-notification-notice', { hasText: 'Registration failed' });
    const email = page.getByLabel('Email');
    const field = page.locator('.ant-form-item', { has: email });
    await field.locator('.ant-form-item-explain-error', { hasText: message }).waitFor();
    await toastBox.waitFor();
    // measured at once: the toast lasts 2 s
    const [toastAt, emailAt] = await Promise.all([toastBox.boundingBox(), email.boundingBox()]);
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/register-taken-phone.png` });
    expect(overlaps(toastAt!, emailAt!)).toBe(false);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('on a 360 px phone, the toast after a refused registration leaves Create Account visible and pressable', async () => {
    const taken = await createUser(app, { sponsorId: sponsor.id });
    const page = await newPage('en-US', SMALL_PHONE);
    await fillRegistration(page, taken.email);
    const create = page.getByRole('button', { name: 'Create Account' });
    const email = page.getByLabel('Email');
    // pressed at the foot of the screen, where a thumb reaches it
    await create.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await create.click();
    const refused = page.locator('.ant-notification-notice', { hasText: 'Registration failed' });
    await refused.waitFor();
    // as the partner sees it: the toast has come in (antd's enter motion slides it from the side)
    // and the focus has gone to the e-mail field that holds the error (which scrolls the page)
    await page.waitForFunction(
      () =>
        !document.querySelector(
          '[class*="ant-notification-fade-appear"], [class*="ant-notification-fade-enter"]',
        ),
    );
    await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
    // measured at once: the toast lasts 2 s. The point at the button's centre is the button
    // (nothing stands over it), and the button is on the screen
    const seen = await create.evaluate((button) => {
      const r = button.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        onScreen: r.top >= 0 && r.bottom <= window.innerHeight + 1,
        uncovered: !!top && button.contains(top),
      };
    });
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/register-refused-360.png` });
    expect(await refused.isVisible()).toBe(true);
    expect(seen).toEqual({ onScreen: true, uncovered: true });
    expect(await create.isEnabled()).toBe(true);
  });

  it('asks for the sponsor once the partner presses Create Account without one, not while still typing', async () => {
    const page = await newPage('en-US', PHONE);
    await enterPasscode(page);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    const asked = page.getByText('Please select a sponsor');
    const painted = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

    // every other field filled, the partner still in the password field: nothing asked yet
    await typeDetails(page, 'nadia.asked@example.test');
    await painted();
    expect(await asked.count()).toBe(0);
    if (process.env.SHOTS)
      await page.screenshot({ path: `${process.env.SHOTS}/register-no-sponsor-yet.png` });

    // a press on Create Account (disabled without a sponsor) says what is missing, once, at the field
    const create = page.getByRole('button', { name: 'Create Account' });
    expect(await create.isDisabled()).toBe(true);
    await create.click({ force: true });
    const sponsorField = page.locator('.ant-form-item', {
      has: page.getByRole('combobox', { name: 'Sponsor' }),
    });
    await sponsorField.getByText('Please select a sponsor').waitFor();
    expect(await asked.count()).toBe(1);

    // picking one takes it away at once; removing it brings it back
    await pickSponsor(page);
    await asked.waitFor({ state: 'detached' });
    expect(await create.isEnabled()).toBe(true);
    await sponsorField.hover();
    await sponsorField.locator('.ant-select-clear').click();
    await sponsorField.getByText('Please select a sponsor').waitFor();
    expect(await asked.count()).toBe(1);
  });

  it('Enter in a text field without a sponsor says what is missing, as a press on Create Account does', async () => {
    const page = await newPage('en-US', PHONE);
    await enterPasscode(page);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await typeDetails(page, 'nadia.enter@example.test');
    // the submit button is disabled, so the form itself never submits on Enter
    await page.getByLabel('Email').press('Enter');
    const sponsorField = page.locator('.ant-form-item', {
      has: page.getByRole('combobox', { name: 'Sponsor' }),
    });
    await sponsorField.getByText('Please select a sponsor').waitFor();
    expect(await page.getByText('Please select a sponsor').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/register');

    // a password too short is said at the same press, not only once the sponsor is picked
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await password.press('Enter');
    await page.getByText('Password must be at least 6 characters long.').waitFor();
    expect(await page.getByText('Please select a sponsor').count()).toBe(1);
  });

  it("the passcode's toast keeps clear of the page's headings and first field (phone and desktop)", async () => {
    for (const viewport of [PHONE, { width: 1280, height: 860 }]) {
      const page = await newPage('en-US', viewport);
      await enterPasscode(page);
      const granted = page.locator('.ant-notification-notice', { hasText: 'Access granted!' });
      await waitOrExplain(page, granted);
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // measured at once: the toast lasts 2 s
      const parts = [
        page.getByRole('heading', { name: 'Start your journey' }),
        page.getByRole('heading', { name: 'Create your account' }),
        page.getByLabel('First name'),
      ];
      const [toastAt, ...partsAt] = await Promise.all([granted, ...parts].map((l) => l.boundingBox()));
      if (process.env.SHOTS)
        await page.screenshot({ path: `${process.env.SHOTS}/register-granted-${viewport.width}.png` });
      expect(partsAt.map((at) => overlaps(toastAt!, at!))).toEqual([false, false, false]);
    }
  });

  it('keyboard only: the passcode sent with Enter, the typing goes on in the first field of the form', async () => {
    const page = await newPage();
    await page.goto('/register');
    const dialog = page.getByRole('dialog', { name: 'Registration Passcode' });
    await openedDialog(dialog);
    await page.keyboard.type('TESTPASS');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await poll(() => focused(page)).toBe('input: First name');
    await page.keyboard.type('Kira');
    expect(await page.getByLabel('First name').inputValue()).toBe('Kira');
  });

  it("an e-mail or a password the API would refuse is refused by the form, in the person's words", async () => {
    const page = await newPage('en-US', PHONE);
    const sent: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/register' || path === '/api/login') sent.push(path);
    });
    await fillRegistration(page, 'josé.núñez@correo.es');
    // 80 characters: more than the 72 bytes the API takes
    await page.getByLabel('Password', { exact: true }).fill('x'.repeat(80));
    await page.getByRole('button', { name: 'Create Account' }).click();
    const fieldError = (label: string) =>
      page
        .locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) })
        .locator('.ant-form-item-explain-error');
    await fieldError('Email').getByText('Please enter a valid email address.').waitFor();
    await fieldError('Password')
      .getByText(/^This password is too long/)
      .waitFor();
    expect(await page.getByText(/Invalid email address|at most 72 bytes/).count()).toBe(0);
    // too short: the error says the rule, and the hint under the field does not say it again
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await fieldError('Password').getByText('Password must be at least 6 characters long.').waitFor();
    expect(await page.getByText('At least 6 characters.').isVisible()).toBe(false);
    await page.getByLabel('Password', { exact: true }).fill('abcdef-long-enough');
    await page.getByLabel('Password', { exact: true }).blur();
    await page.getByText('At least 6 characters.').waitFor();

    await page.goto('/login');
    const dialog = loginDialog(page);
    await openedDialog(dialog);
    await dialog.getByLabel('Email').fill('josé@correo.es');
    await dialog.getByLabel('Password', { exact: true }).fill('x');
    await dialog.getByRole('button', { name: 'SIGN IN' }).click();
    await dialog.getByText('Please enter a valid email address.').waitFor();
    expect(await page.getByText(/Invalid email address/).count()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('a wrong password shows the inline error and the toast, and clears the password', async () => {
    const user = await createUser(app, { sponsorId: sponsor.id });
    const page = await newPage();
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await signInThroughDialog(page, user.email, 'not-my-password');
    const dialog = loginDialog(page);
    expect(await inlineError(dialog)).toBe('Incorrect email or password.');
    await page.getByText('Login failed. Please try again.').waitFor();
    if (process.env.SHOTS) {
      await page.waitForTimeout(600); // let the animations finish, for the picture only
      await page.screenshot({ path: `${process.env.SHOTS}/login-failed.png` });
    }
    expect(await dialog.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    // editing a field clears the error
    await dialog.getByLabel('Password', { exact: true }).fill('x');
    await dialog.getByRole('alert').waitFor({ state: 'detached' });

    // a second failure while the first toast shows: its toast takes the first one's place (at most 1)
    const mounted = () => page.evaluate(() => document.querySelectorAll('.ant-notification-notice').length);
    const before = await mounted();
    await dialog.getByRole('button', { name: 'SIGN IN' }).click();
    await dialog.getByRole('alert').waitFor();
    const staying = page.locator('.ant-notification-notice:not([class*="-leave"])');
    await expect.poll(mounted).toBeGreaterThan(before);
    expect(await staying.count()).toBe(1);
  });

  it('a locked-out sign-in says when to try again and the way in that does not wait', async () => {
    const user = await createUser(app, { sponsorId: sponsor.id });
    const page = await newPage();
    for (let i = 1; i <= 30; i++) {
      const res = await page.request.post('/api/login', { data: { email: user.email, password: `no-${i}` } });
      expect(res.status()).toBe(401);
    }
    await page.goto('/?showLogin=true');
    // even the right password waits now
    await signInThroughDialog(page, user.email, user.password);
    expect(await inlineError(loginDialog(page))).toBe(
      'Too many attempts. Please try again in 1 minute. If you have forgotten your password, set a new one with “Forgot password?”.',
    );
  });

  it('closing the dialog at the code step leaves no half-signed-in session', async () => {
    const user = await createUser(app, { sponsorId: sponsor.id, secondFactor: true });
    const page = await newPage();
    await page.goto('/?showLogin=true');
    await signInThroughDialog(page, user.email, user.password);
    await loginDialog(page).getByLabel('Verification code').waitFor();
    await page.keyboard.press('Escape');
    await loginDialog(page).waitFor({ state: 'hidden' });
    await expect.poll(async () => (await page.request.get('/api/me')).status()).toBe(401);
    // a guarded page is a visitor's again, not the code screen
    await page.goto('/settings');
    await page.locator('.status-card', { hasText: 'Authentication Required' }).waitFor();
  });

  it('the dialog cannot be closed while a code is being checked: a code that passes signs in', async () => {
    const user = await createUser(app, { sponsorId: sponsor.id, secondFactor: true });
    const page = await newPage();
    await page.goto('/?showLogin=true');
    await signInThroughDialog(page, user.email, user.password);
    const dialog = loginDialog(page);
    await dialog.getByLabel('Verification code').waitFor();
    // the code's check held on its way until the visitor has tried to close the dialog
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const sent = new Promise<void>((resolve) => (reached = resolve));
    await page.route('**/api/second-factor/verify', async (route) => {
      reached();
      await held;
      await route.continue();
    });
    const answer = nextSecondFactor(user.secondFactor!);
    if (!('code' in answer)) throw new Error('expected a code');
    await dialog.getByLabel('Verification code').fill(answer.code);
    await dialog.getByRole('button', { name: 'VERIFY' }).click();
    await sent;
    // the dialog's × (Escape and a click outside are refused the same way)
    await page.locator('.ant-modal-close').click();
    release();
    await page.waitForURL((url) => url.pathname === '/foundation');
    expect((await page.request.get('/api/me')).status()).toBe(200);
  });

  it('after the code screen, the page asked for opens (not the home page)', async () => {
    const user = await createUser(app, { sponsorId: sponsor.id, secondFactor: true });
    const page = await newPage();
    const refusals = refusalsOf(page);
    await page.goto('/?showLogin=true');
    await signInThroughDialog(page, user.email, user.password);
    await loginDialog(page).getByLabel('Verification code').waitFor();
    await page.goto('/settings');
    const answer = nextSecondFactor(user.secondFactor!);
    if (!('code' in answer)) throw new Error('expected a code');
    await page.getByLabel('Verification code').fill(answer.code);
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await waitOrExplain(page, page.getByRole('heading', { name: 'Settings', exact: true }));
    expect(new URL(page.url()).pathname).toBe('/settings');
    // nothing of the page was asked for before the code (the server would refuse it)
    expect(refusals).toEqual([]);
  });

  it('on a phone, the failed sign-in toast keeps clear of the login dialog', async () => {
    const user = await createUser(app, { sponsorId: sponsor.id });
    // French: its two-line toast title reached down over the dialog
    const page = await newPage('fr-FR', PHONE);
    const dialog = await signInInAnyLanguage(page, user.email, 'not-my-password');
    await dialog.getByRole('alert').waitFor();
    const toastBox = page.locator('.ant-notification-notice', { hasText: 'Échec de la connexion' });
    await toastBox.waitFor();
    const [toastAt, dialogAt] = await Promise.all([toastBox.boundingBox(), dialog.boundingBox()]);
    expect(overlaps(toastAt!, dialogAt!)).toBe(false);
  });

  it("on a phone, the sign-in's welcome toast keeps clear of the forced change card's top and first field", async () => {
    // at the top right it covered the card's icon and reached its heading (390 px, every language)
    for (const [locale, welcome] of [
      ['en-US', 'Welcome back!'],
      ['es-ES', '¡Bienvenido de nuevo!'],
      ['fr-FR', 'Bon retour parmi nous\u202f!'],
    ]) {
      const user = await createUser(app, { sponsorId: sponsor.id });
      await issueTemporaryPassword(app, user.id, 'Temporary-42');
      const page = await newPage(locale, PHONE);
      await signInInAnyLanguage(page, user.email, 'Temporary-42');
      const toastBox = page.locator('.ant-notification-notice', { hasText: welcome });
      await waitOrExplain(page, toastBox);
      await page.locator('.reset-card h1').waitFor();
      // measured at once: the toast lasts 2 s
      const parts = [
        page.locator('.reset-card .status-icon'),
        page.locator('.reset-card h1'),
        page.locator('.reset-card .ant-input-affix-wrapper').first(),
      ];
      const [toastAt, ...partsAt] = await Promise.all([toastBox, ...parts].map((l) => l.boundingBox()));
      if (process.env.SHOTS)
        await page.screenshot({ path: `${process.env.SHOTS}/forced-welcome-${locale}.png` });
      expect(partsAt.map((at) => overlaps(toastAt!, at!))).toEqual([false, false, false]);
    }
  });

  it('a visitor who types before the dialog has finished opening keeps the focus (a slow phone)', async () => {
    const user = await createUser(app, { sponsorId: sponsor.id });
    const page = await newPage();
    await page.goto('/');
    // the opening animation held still: on a slow phone it can end while the visitor types
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
    await page.getByRole('button', { name: 'LOGIN' }).click();
    const dialog = loginDialog(page);
    await dialog.waitFor();
    const email = dialog.getByLabel('Email');
    const password = dialog.getByLabel('Password', { exact: true });
    await email.fill(user.email);
    await password.fill(user.password.slice(0, 4));
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    // opened (antd's motion classes gone): the rest of the password still goes to the password
    await openedDialog(dialog);
    await page.keyboard.type(user.password.slice(4));
    expect(await email.inputValue()).toBe(user.email);
    expect(await password.inputValue()).toBe(user.password);
    await dialog.getByRole('button', { name: 'SIGN IN' }).click();
    await page.waitForURL(/\/foundation$/);
  });

  it('a guarded page while signed out shows Authentication Required, then the login', async () => {
    const page = await newPage();
    await page.goto('/settings');
    // the card's three texts read at once: it goes after 2 s, which a loaded machine's three
    // separate waits could outlast
    const card = page.locator('.status-card', { hasText: 'Authentication Required' });
    await card.waitFor();
    expect(await card.textContent()).toMatch(
      /You need to be logged in to access this page\.[^]*Redirecting to login page\.\.\./,
    );
    await loginDialog(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('an admin-reset user is held on the forced change screen until the new password is set', async () => {
    const user = await createUser(app, { firstName: 'Rita', sponsorId: sponsor.id });
    await issueTemporaryPassword(app, user.id, 'Temporary-42');
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await signInThroughDialog(page, user.email, 'Temporary-42');
    await page.getByRole('heading', { name: 'Set a New Password' }).waitFor();

    // every other page keeps her on the password change
    await page.goto('/foundation');
    await page.getByText('Password Reset Required').waitFor();
    await page.getByRole('heading', { name: 'Set a New Password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    expect((await page.request.get('/api/onboarding-progress')).status()).toBe(403);

    // 123456 is refused, then a real password goes through
    await page.getByLabel('New password', { exact: true }).fill('123456');
    await page.getByLabel('Confirm new password').fill('123456');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Please choose a more secure password.').waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/forced-change.png` });
    await page.getByLabel('New password', { exact: true }).fill('Rita-own-pass');
    await page.getByLabel('Confirm new password').fill('Rita-own-pass');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Your password has been successfully updated. Welcome!').waitFor();
    await page.getByRole('heading', { name: 'Set a New Password' }).waitFor({ state: 'detached' });
    expect((await (await page.request.get('/api/me')).json()).mustChangePassword).toBe(false);
    await page.goto('/foundation');
    await page.waitForURL(/\/foundation$/);
    expect(await page.getByText('Password Reset Required').count()).toBe(0);
  });

  it('the forced change: the "different from your temporary password" hint gets its tick, and its error says the same', async () => {
    const user = await createUser(app, { firstName: 'Tess', sponsorId: sponsor.id });
    await issueTemporaryPassword(app, user.id, 'Temporary-77');
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await signInThroughDialog(page, user.email, 'Temporary-77');
    await page.getByRole('heading', { name: 'Set a New Password' }).waitFor();
    const hint = page.locator('.reset-rule', { hasText: 'be different from your temporary password' });
    const fill = async (password: string) => {
      await page.getByLabel('New password', { exact: true }).fill(password);
      await page.getByLabel('Confirm new password').fill(password);
    };

    await fill('Temporary-77');
    expect(await hint.getAttribute('class')).not.toContain('reset-rule-ok');
    await fill('Tess-own-pass');
    await expect.poll(() => hint.getAttribute('class')).toContain('reset-rule-ok');
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/forced-hints.png` });
    // the four rules are a list inside their box, one under another (a page-wide style of the
    // same class name once laid them on top of each other)
    expect(await page.locator('.reset-hints .reset-rule').count()).toBe(4);
    expect(await overlappingBoxes(page, '.reset-hints-title, .reset-rule')).toEqual([]);
    expect(await outsideContentBox(page, '.reset-rule', '.reset-hints')).toEqual([]);

    // after a reload the app no longer knows the temporary password: the server refuses it,
    // in the hint's words, and from then on the hint knows
    await page.reload();
    await page.getByRole('heading', { name: 'Set a New Password' }).waitFor();
    await fill('Temporary-77');
    expect(await hint.getAttribute('class')).not.toContain('reset-rule-ok');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page
      .locator('.ant-notification-notice', {
        hasText: 'Your new password must be different from your temporary password.',
      })
      .waitFor();
    expect(await hint.getAttribute('class')).not.toContain('reset-rule-ok');
    await fill('Tess-own-pass');
    await expect.poll(() => hint.getAttribute('class')).toContain('reset-rule-ok');
    expect((await (await page.request.get('/api/me')).json()).mustChangePassword).toBe(true);
  });

  it("an admin's sign-in calls nothing the unfinished second factor refuses (no 403, no console error)", async () => {
    // the first sign-in of an admin without a second factor: on to the console's set-up
    const newcomer = await createUser(app, { admin: true, secondFactor: false });
    const first = await newPage();
    const firstRefusals = refusalsOf(first);
    await first.goto('/');
    await first.getByRole('button', { name: 'LOGIN' }).click();
    await signInThroughDialog(first, newcomer.email, newcomer.password);
    await waitOrExplain(first, first.getByRole('heading', { name: 'Set up two-step verification' }));
    expect(firstRefusals).toEqual([]);

    // an admin with one: the code step, the page reloaded before the code, then the code
    const admin = await createUser(app, { admin: true });
    const page = await newPage();
    const refusals = refusalsOf(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await signInThroughDialog(page, admin.email, admin.password);
    await loginDialog(page).getByLabel('Verification code').waitFor();
    await page.reload();
    const answer = nextSecondFactor(admin.secondFactor!);
    if (!('code' in answer)) throw new Error('expected a code');
    await page.getByLabel('Verification code').fill(answer.code);
    await page.getByRole('button', { name: 'VERIFY' }).click();
    // signed in now: the interface language is stored (the call that answered 403 before)
    await expect
      .poll(async () => (await (await page.request.get('/api/me')).json()).preferredLanguage, {
        timeout: 30_000,
      })
      .toBe('en');
    expect(refusals).toEqual([]);
  });

  it('the language choice survives a reload', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to the Training Academy' }).waitFor();
    await page.getByRole('button', { name: /Choose language/ }).click();
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Bienvenido a la Training Academy' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBe('es');
    await page.reload();
    await page.getByRole('heading', { name: 'Bienvenido a la Training Academy' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    // and server answers follow it: a failed sign-in reads in Spanish
    await page.getByRole('button', { name: 'ACCEDER' }).click();
    const dialog = page.getByRole('dialog');
    await openedDialog(dialog);
    await dialog.getByRole('textbox').first().fill('nobody@example.test');
    await dialog.locator('input[type=password]').fill('wrong-password');
    await dialog.locator('button[type=submit]').click();
    expect(await inlineError(dialog)).toBe('Correo electrónico o contraseña incorrectos.');
  });
});

describe('served bundles', () => {
  it('the partner app loads at / and at a deep link; unknown paths show the 404 page', async () => {
    const page = await newPage();
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Welcome to the Training Academy' }).waitFor();
    await page.getByText('V1.10').waitFor();
    await page.goto('/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
  });

  it('/admin/ serves the admin console to an admin, and the partner app (Access Denied) to anyone else', async () => {
    const adminHtml = readFileSync('frontend/admin/dist/index.html', 'utf8');
    const partnerHtml = readFileSync('frontend/partner/dist/index.html', 'utf8');
    const admin = await createUser(app, { admin: true });
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await signInThroughDialog(page, admin.email, admin.password);
    // an admin's second step: the code from the authenticator app (issue 13)
    const answer = nextSecondFactor(admin.secondFactor!);
    if (!('code' in answer)) throw new Error('expected a code');
    await loginDialog(page).getByLabel('Verification code').fill(answer.code);
    await loginDialog(page).getByRole('button', { name: 'VERIFY' }).click();
    await page.waitForURL(/\/foundation$/);
    const res = await page.goto('/admin/');
    expect(res?.status()).toBe(200);
    // the console's page, with the admin's own first screen in it (http/bundles.ts)
    const consoleHtml = (await res?.text()) ?? '';
    expect(consoleHtml).toContain(admin.id);
    expect(withoutPageData(consoleHtml)).toBe(adminHtml);

    const partner = await createUser(app, { sponsorId: sponsor.id });
    const other = await newPage();
    await other.goto('/');
    await other.getByRole('button', { name: 'LOGIN' }).click();
    await signInThroughDialog(other, partner.email, partner.password);
    await other.waitForURL(/\/foundation$/);
    const denied = await other.goto('/admin/');
    // the partner app's page, with the signed-in partner's own data in it (http/bundles.ts)
    const deniedHtml = (await denied?.text()) ?? '';
    expect(deniedHtml).toContain(partner.id);
    expect(withoutPageData(deniedHtml)).toBe(partnerHtml);
    await other.getByText('Access Denied').waitFor();
  });

  it('a server without the console says so to an admin, once, instead of reloading /admin/ forever', async () => {
    // a deployment without the console's bundle answers /admin/ with the partner app, even to an
    // admin (http/bundles.ts): the partner app there must not send the admin to /admin/ again
    const withCode = await createUser(app, { admin: true });
    const toEnrol = await createUser(app, { admin: true, secondFactor: false });
    for (const admin of [withCode, toEnrol]) {
      const page = await newPage();
      let consoleLoads = 0;
      await page.route('**/admin/', async (route) => {
        consoleLoads += 1;
        await route.fulfill({ response: await page.request.get('/foundation') });
      });
      await page.goto('/');
      await page.getByRole('button', { name: 'LOGIN' }).click();
      await signInThroughDialog(page, admin.email, admin.password);
      if (admin === withCode) {
        const answer = nextSecondFactor(admin.secondFactor!);
        if (!('code' in answer)) throw new Error('expected a code');
        await loginDialog(page).getByLabel('Verification code').fill(answer.code);
        await loginDialog(page).getByRole('button', { name: 'VERIFY' }).click();
        await page.waitForURL(/\/foundation$/);
        await page.goto('/admin');
      } // else: without a second factor, on to the console's set-up at once
      await page.getByRole('heading', { name: 'Admin console unavailable' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/');
      // the way on: the dashboard; for an admin who must set up a second factor first (every page
      // is the set-up until then), signing out
      const wayOn = admin === withCode ? 'Go to my dashboard' : 'Sign out';
      await page.getByRole('button', { name: wayOn }).waitFor();
      expect(consoleLoads).toBe(1);
      if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/console-missing.png` });
      await page.close();
    }
  });

  it('an admin who opens /admin/ before the code gets the console once the code is given', async () => {
    // the server answers the partner app's code step there (http/bundles.ts): that is no missing console
    const admin = await createUser(app, { admin: true });
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await signInThroughDialog(page, admin.email, admin.password);
    await loginDialog(page).getByLabel('Verification code').waitFor();
    await page.goto('/admin/');
    const answer = nextSecondFactor(admin.secondFactor!);
    if (!('code' in answer)) throw new Error('expected a code');
    await page.getByLabel('Verification code').fill(answer.code);
    await page.getByRole('button', { name: 'VERIFY' }).click();
    // the console's own first screen: its users list
    await page.getByTestId('users-grid').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/');
    expect(await page.getByRole('heading', { name: 'Admin console unavailable' }).count()).toBe(0);
  });
});
