import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2eApp, type E2eApp } from '../../../../../testing/browser';
import { createUser } from '../../../../../testing/users';
import { breaksFrenchPunctuation } from '../../../../../testing/frenchTypography';
import { linesOf } from '../../../../../testing/layout';

// The landing page's HTML (frontend/partner/build/landingPages.ts) is what a phone paints before
// the app's code runs; React then renders the same page over it. The two must not differ.
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2eApp();
});
afterAll(async () => {
  await e2e?.close();
});

/** The app's first script, and the landing page's own code (a chunk of its own). */
const BOOT_SCRIPT = /\/assets\/boot-[^/]*\.js$/;
const LANDING_SCRIPT = /\/assets\/LandingPage-[^/]*\.js$/;

/** Holds back the page's requests for `script` until the function returned is called. */
async function holdScript(page: Page, script: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(script, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The focused element as "TAG focus-key", or "body". */
const focusedNow = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return !el || el === document.body ? 'body' : `${el.tagName} ${el.getAttribute('data-focus-key')}`;
  });

const PARTS = [
  '.landing-eyebrow',
  '.landing-title',
  '.landing-subtitle',
  '.landing-actions > *',
  '.landing-feature h2',
  '.landing-feature p',
];

/** the text and the box of every part of the hero and the feature cards */
const layoutOf = (page: Page) =>
  page.evaluate((parts) => {
    const boxes = parts.flatMap((selector) =>
      [...document.querySelectorAll(selector)].map((el) => {
        const r = el.getBoundingClientRect();
        return { selector, text: el.textContent, box: [r.x, r.y, r.width, r.height].map(Math.round) };
      }),
    );
    return { lang: document.documentElement.lang, boxes };
  }, PARTS);

describe('the landing page as HTML', () => {
  for (const [locale, lang, start] of [
    ['en-US', 'en', 'NEW START HERE'],
    ['es-MX', 'es', 'NUEVO, EMPIEZA AQUÍ'],
    ['fr-FR', 'fr', 'NOUVEAU ? COMMENCEZ ICI'],
  ] as const) {
    it(`paints the page React renders, in the browser's language (${lang}), on a phone and a desktop`, async () => {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 860 },
      ]) {
        const context = await e2e.newContext({ locale, viewport });
        const html = await context.newPage();
        // no code at all: what the HTML and its sheets paint
        await html.route(/\.js$/, (route) => route.abort());
        await html.goto('/');
        await html.getByRole('link', { name: start }).waitFor();
        const before = await layoutOf(html);
        expect(before.lang).toBe(lang);
        // eyebrow, title, subtitle, two buttons, three cards of a heading and a text
        expect(before.boxes).toHaveLength(11);
        // the pill over the title is one line, also the French "Portail de formation des partenaires"
        expect(await linesOf(html.locator('.landing-eyebrow'))).toEqual([1]);
        // the two links lead where the buttons do
        expect(await html.getByRole('link', { name: start }).getAttribute('href')).toBe('/register');

        const app = await context.newPage();
        await app.goto('/');
        await app.getByRole('button', { name: start }).waitFor();
        expect(await layoutOf(app)).toEqual(before);
        await context.close();
      }
    });
  }

  it("follows the language chosen in the app over the browser's, and is sent to visitors only", async () => {
    const context = await e2e.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: /Choose language/ }).click();
    await page.getByRole('menuitemradio', { name: /Español/ }).click();
    await page.getByRole('button', { name: 'NUEVO, EMPIEZA AQUÍ' }).waitFor();
    // the next visit's HTML is Spanish before any code runs
    await page.route(/\.js$/, (route) => route.abort());
    await page.reload();
    await page.getByRole('link', { name: 'NUEVO, EMPIEZA AQUÍ' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await context.close();

    // a signed-in partner gets the app's page: the landing HTML is for visitors
    const user = await createUser(e2e.app);
    const res = await fetch(new URL('/', e2e.app.url), { headers: { cookie: user.client.cookie ?? '' } });
    expect(await res.text()).not.toContain('landing-hero');
    // a cache must not hand one's answer to the other
    expect(res.headers.get('vary')).toMatch(/Cookie/i);
    const visitor = await fetch(new URL('/', e2e.app.url), {
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(await visitor.text()).toContain('<html lang="fr">');
    expect(visitor.headers.get('vary')).toMatch(/Accept-Language/i);
  });

  it('switches the language with the keyboard alone, and keeps the focus on the switcher', async () => {
    const context = await e2e.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    const trigger = page.getByRole('button', { name: /Choose language|Choisir la langue/ });
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('English');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Español');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('English');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Français');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'NOUVEAU ? COMMENCEZ ICI' }).waitFor();
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    // what a screen reader says of the switcher is French too, with French typography
    const spoken = await trigger.locator('.visually-hidden').textContent();
    expect(spoken).toBe(' — Choisir la langue\u00a0: Français');
    expect(breaksFrenchPunctuation(spoken ?? '')).toBe(false);
    await context.close();
  });

  it("keeps the focus of a Tab pressed before the app's code ran: React's control in its place takes it", async () => {
    for (const [tabs, lands] of [
      [1, 'A logo'],
      [2, 'BUTTON landing-start'],
    ] as const) {
      const context = await e2e.newContext({ locale: 'en-US' });
      const page = await context.newPage();
      // the app's code held back until the Tabs are pressed on the HTML's page
      const release = await holdScript(page, BOOT_SCRIPT);
      await page.goto('/', { waitUntil: 'commit' });
      await page.getByRole('link', { name: 'NEW START HERE' }).waitFor();
      for (let i = 0; i < tabs; i++) await page.keyboard.press('Tab');
      // the HTML's own link (the top bar's logo, then the first button of the page)
      expect(await focusedNow(page)).toBe(lands.replace('BUTTON', 'A'));
      release();
      // React's page in place of the HTML's: the focus on its control, not dropped to the body
      await page.getByRole('button', { name: 'NEW START HERE' }).waitFor();
      await expect.poll(() => focusedNow(page), { timeout: 30_000 }).toBe(lands);
      expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
      await context.close();
    }
  });

  it('leaves the focus where a click put it while the page was on its way: its button does not take it back', async () => {
    const context = await e2e.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    // the app's code held back until the Tabs, then the landing page's own code until the click
    const releaseBoot = await holdScript(page, BOOT_SCRIPT);
    const releaseLanding = await holdScript(page, LANDING_SCRIPT);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'NEW START HERE' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedNow(page)).toBe('A landing-start');
    // React's top bar in place of the HTML's page, the landing page's button not yet: the link left
    // with the focus, which waits to be handed over
    releaseBoot();
    await page.locator('header a.logo .logo-tagline').waitFor();
    expect(await focusedNow(page)).toBe('body');
    // a click on the page meanwhile: where the focus is now is the partner's choice
    const viewport = page.viewportSize()!;
    await page.mouse.click(viewport.width / 2, viewport.height - 20);
    releaseLanding();
    await page.getByRole('button', { name: 'NEW START HERE' }).waitFor();
    expect(await focusedNow(page)).toBe('body');
    await context.close();
  });
});
