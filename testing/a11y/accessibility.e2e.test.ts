import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../backend/src/demo/seed';
import { DEMO_PARTNER_PASSWORD, demoUser } from '../../backend/src/demo/users';
import { openedDialog, startE2eApp, type E2eApp } from '../browser';
import { focused, poll, shiftTabTo, tabTo } from '../keyboard';
import { createUser, nextSecondFactor, secondFactorPath, type TestSecondFactor } from '../users';

/**
 * axe-core on every page of both apps, in English, Spanish and French: no serious or
 * critical violations. Pages are reached as a visitor, as a partner who finished the
 * foundation (Maria, demo data), and as an admin.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LANGUAGES = ['en', 'es', 'fr'] as const;

const VISITOR_PAGES = [
  '/',
  '/?showLogin=true',
  '/register',
  '/no-such-page',
  '/forgot-password',
  `/new-password#token=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'A'.repeat(43)}`,
  '/new-password',
];
const PARTNER_PAGES = [
  '/foundation',
  '/onboarding?step=1',
  '/onboarding?step=2',
  '/onboarding?step=3',
  '/onboarding?step=4',
  '/onboarding?step=5',
  '/academy',
  '/live-calls',
  '/replays',
  '/vault',
  '/resources',
  '/partners',
  '/settings',
];
const ADMIN_PAGES = [
  '/admin/#/users',
  '/admin/#/audit',
  '/admin/#/sync-runs',
  '/admin/#/mail-outbox',
  '/admin/#/performance',
  '/admin/#/system-metrics',
  '/admin/#/funnel',
  '/admin/#/testimonials',
  '/admin/#/live-calls/monthly-team-training',
  '/admin/#/academy-links/current',
];

let e2e: E2eApp;
let adminEmail = '';
let adminPassword = '';
let adminSecondFactor: TestSecondFactor | undefined;

beforeAll(async () => {
  e2e = await startE2eApp();
  await seedDemoData(e2e.app.deps);
  const admin = await createUser(e2e.app, { admin: true, firstName: 'Ada', lastName: 'Admin' });
  adminEmail = admin.email;
  adminPassword = admin.password;
  adminSecondFactor = admin.secondFactor;
});
afterAll(() => e2e?.close());

async function contextFor(
  language: string,
  signIn?: { email: string; password: string; secondFactor?: TestSecondFactor },
): Promise<BrowserContext> {
  const context = await e2e.browser.newContext({
    baseURL: e2e.app.url,
    bypassCSP: true,
    viewport: { width: 1280, height: 900 },
  });
  await context.addInitScript((lang) => window.localStorage.setItem('preferredLanguage', lang), language);
  if (signIn) {
    const res = await context.request.post('/api/login', {
      data: { email: signIn.email, password: signIn.password },
    });
    expect(res.status()).toBe(200);
    if (signIn.secondFactor) {
      const answer = nextSecondFactor(signIn.secondFactor);
      expect((await context.request.post(secondFactorPath(answer), { data: answer })).status()).toBe(200);
    }
  }
  return context;
}

async function violations(page: Page, path: string) {
  // A full load each time (a hash-only change would answer no response to check).
  await page.goto('about:blank');
  const response = await page.goto(path);
  // every address answers the app's index.html; anything else (e.g. the bundle being rebuilt
  // while the test runs) is not the page under test, and axe would only report a bare document
  expect(
    response?.headers()['content-type'] ?? '',
    `${path}: not the app's HTML (status ${response?.status()})`,
  ).toContain('text/html');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400); // let lazy routes and transitions settle
  return [...(await axeFindings(page, path)), ...(await iconFileNames(page, path))];
}

/**
 * antd icons a screen reader would read by their English file name ("arrow-left", "google",
 * "close-circle"): an icon shown to assistive technology (not `aria-hidden`) whose name is still
 * antd's default and that is not inside a control named otherwise (`aria-label`).
 */
async function iconFileNames(page: Page, label: string) {
  const found = await page.evaluate(() => {
    const named =
      'button,a,[role="button"],[role="link"],[role="img"],[role="progressbar"],[role="switch"],[role="tab"]';
    return [...document.querySelectorAll('.anticon[role="img"][aria-label]')]
      .filter((icon) => icon.classList.contains(`anticon-${icon.getAttribute('aria-label')}`))
      .filter((icon) => !icon.closest('[aria-hidden="true"]'))
      .filter((icon) => {
        const owner = icon.parentElement?.closest(named);
        return !owner || !(owner.hasAttribute('aria-label') || owner.hasAttribute('aria-labelledby'));
      })
      .map((icon) => icon.getAttribute('aria-label'));
  });
  return [...new Set(found)].map((name) => `${label}: an icon read as "${name}"`);
}

/** axe-core's serious and critical findings on the page as it is (or on one element of it). */
async function axeFindings(page: Page, label: string, selector?: string) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown,
          ): Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    return axe.run(include ? { include: [include] } : document, { resultTypes: ['violations'] });
  }, selector);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
  for (const language of LANGUAGES) {
    it(`visitor pages in ${language}`, async () => {
      const context = await contextFor(language);
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of VISITOR_PAGES) found.push(...(await violations(page, path)));
      await context.close();
      expect(found).toEqual([]);
    });

    it(`partner pages in ${language}`, async () => {
      const context = await contextFor(language, {
        email: demoUser('maria').email,
        password: DEMO_PARTNER_PASSWORD,
      });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of PARTNER_PAGES) found.push(...(await violations(page, path)));
      await context.close();
      expect(found).toEqual([]);
    });

    it(`admin console pages in ${language}`, async () => {
      const context = await contextFor(language, {
        email: adminEmail,
        password: adminPassword,
        secondFactor: adminSecondFactor,
      });
      const page = await context.newPage();
      const found: string[] = [];
      for (const path of ADMIN_PAGES) found.push(...(await violations(page, path)));
      await context.close();
      expect(found).toEqual([]);
    });
  }
  it('keeps the contrast of a primary and a default button while the pointer rests on them', async () => {
    const context = await contextFor('en');
    const page = await context.newPage();
    await page.goto('/');
    const found: string[] = [];
    for (const selector of ['.ant-btn-primary', '.ant-btn-default']) {
      const button = page.locator(`header ${selector}`).first();
      await button.hover();
      await page.waitForTimeout(400); // antd's colour transition
      found.push(...(await axeFindings(page, `/ hovered ${selector}`, `header ${selector}`)));
    }
    await context.close();
    expect(found).toEqual([]);
  });
});

describe('keyboard only', () => {
  it("shows where the focus is at every Tab stop of the visitor's landing page", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'LOGIN' }).first().waitFor();
    // styles read at once, not half-way through a transition
    await page.addStyleTag({
      content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
    });
    const unringed: string[] = [];
    let stops = 0;
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      // each element once (a data attribute marks it), its look focused against its look without the focus
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        if (el.dataset.tabSeen) return 'again';
        el.dataset.tabSeen = 'yes';
        const look = () => {
          const style = getComputedStyle(el);
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          return `${outline ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` : 'none'} | ${style.boxShadow}`;
        };
        const focused = look();
        el.blur();
        const unfocused = look();
        el.focus();
        const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
        return { name, ringed: focused !== unfocused };
      });
      if (!stop || stop === 'again') break;
      stops++;
      if (!stop.ringed) unringed.push(stop.name);
    }
    expect(stops).toBeGreaterThan(3);
    expect(unringed).toEqual([]);
    await context.close();
  });

  it('signs in and completes an onboarding step without a mouse', async () => {
    const user = await createUser(e2e.app, { firstName: 'Kim', lastName: 'Keys' });
    const context = await e2e.browser.newContext({ baseURL: e2e.app.url });
    const page = await context.newPage();
    await page.goto('/?showLogin=true');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The dialog puts the focus in the e-mail field when it opens (else Tab until it is there).
    const onEmail = () => page.evaluate(() => document.activeElement?.getAttribute('type') === 'email');
    await page
      .waitForFunction(() => document.activeElement?.getAttribute('type') === 'email', undefined, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    for (let i = 0; i < 12 && !(await onEmail()); i++) await page.keyboard.press('Tab');
    expect(await onEmail()).toBe(true);
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    const onPassword = () =>
      page.evaluate(() => document.activeElement?.getAttribute('autocomplete') === 'current-password');
    expect(await onPassword()).toBe(true);

    // A wrong password: the error is announced and the focus waits in the (cleared) password field,
    // which the error describes.
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('autocomplete') === 'current-password',
      undefined,
      { timeout: 5_000 },
    );
    const described = await page.evaluate(() => {
      const ids = document.activeElement?.getAttribute('aria-describedby') ?? '';
      return ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    });
    expect(described).toContain((await alert.textContent())!.trim());

    // Tab goes round inside the dialog: no stop on the page behind it.
    const stops: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => document.activeElement?.tagName ?? ''));
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      if (await onPassword()) break;
    }
    expect(stops).not.toContain('BODY');
    expect(await onPassword()).toBe(true);

    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/foundation/);

    // Step 2: reach the referral link field by keyboard, type a link, submit with Enter.
    await page.goto('/onboarding?step=2');
    const input = page.getByRole('textbox').first();
    await input.waitFor();
    for (let i = 0; i < 40 && !(await input.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('ufeelgreat.com/c/KEYBOARD1');
    await page.keyboard.press('Enter');
    await page.waitForURL(/step=3/);
    const progress = await context.request.get('/api/onboarding-progress');
    expect((await progress.json()).progress).toMatchObject({
      step2Completed: true,
      feelGreatLink: 'https://ufeelgreat.com/c/KEYBOARD1',
    });
    await context.close();
  });

  it("puts the focus on the new page's heading after a move, from a link in the page and from the menu", async () => {
    const user = await createUser(e2e.app, { firstName: 'Nia', lastName: 'Nav' });
    const context = await contextFor('fr', user);
    const page = await context.newPage();
    await page.goto('/foundation');
    await page.locator('main h1').waitFor();
    const headingWithFocus = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.tagName === 'H1' && el.closest('main') ? el.textContent : `not a heading: ${el?.tagName}`;
      });

    // a step's link in the page: the pressed link is gone with its page, the focus was left on the body
    await tabTo(page, /^a: Continuer/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/onboarding/);
    await poll(headingWithFocus).toBe('Formation aux fondamentaux');

    // the menu: the drawer gave the focus back to the menu button at the end of its closing motion
    await shiftTabTo(page, /Ouvrir le menu/);
    await page.keyboard.press('Enter');
    // the drawer open and holding the focus before the first Tab (on a busy machine a Tab pressed
    // during its opening motion went on in the page)
    await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'visible' });
    await poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-drawer'))).toBe(true);
    await tabTo(page, /^button: Paramètres$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/settings/);
    await poll(headingWithFocus).toBe('Paramètres');
    await page.locator('.ant-drawer-content-wrapper').waitFor({ state: 'hidden' });
    expect(await headingWithFocus()).toBe('Paramètres');
    // and the next Tab goes on in the page, not from the top bar
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    await context.close();
  });

  it("reaches a replay's player with Tab inside its dialog", async () => {
    const context = await contextFor('en', {
      email: demoUser('maria').email,
      password: DEMO_PARTNER_PASSWORD,
    });
    // the player, without the network: a page with one control
    await context.route(/youtube-nocookie\.com/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<button>Play</button>' }),
    );
    const page = await context.newPage();
    await page.goto('/replays');
    await page
      .getByRole('button', { name: /^Watch / })
      .first()
      .waitFor({ timeout: 60_000 });
    await tabTo(page, /^button: Watch/);
    await page.keyboard.press('Enter');
    await openedDialog(page.getByRole('dialog'));
    await poll(() => focused(page)).toMatch(/^button: Close/);
    // Tab went from the dialog's Close button back to itself: the iframe was not a stop
    expect(await tabTo(page, /^iframe/, 4)).toMatch(/^iframe/);
    // keys pressed in the player are the player's: back to Close, then Escape closes the dialog
    await shiftTabTo(page, /^button: Close/, 4);
    await page.keyboard.press('Escape');
    await poll(() => focused(page)).toMatch(/^button: Watch/);
    await context.close();
  });

  it("names each Academy card's button by its card", async () => {
    const context = await contextFor('en', {
      email: demoUser('maria').email,
      password: DEMO_PARTNER_PASSWORD,
    });
    const page = await context.newPage();
    await page.goto('/academy');
    const buttons = page.locator('[data-card] button');
    await buttons.first().waitFor();
    // six buttons were all "Explore" (one "Review"): a screen reader's list of buttons said nothing
    expect(await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')))).toEqual([
      'Explore: Live Calls',
      'Explore: Replays',
      'Explore: Success Stories',
      'Explore: Resources',
      'Explore: Partners',
      'Review: Foundation Training',
    ]);
    await context.close();
  });
});
