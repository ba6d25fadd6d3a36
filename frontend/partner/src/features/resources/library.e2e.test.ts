import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { openedDialog, openedList, startE2eApp, type E2eApp } from '../../../../../testing/browser';
import { createUser, type CreatedUser } from '../../../../../testing/users';
import { seedAcademyContent } from '../../../../../backend/src/demo/academy';
import { OPEN_FILM_LIST } from '../../../../../backend/src/demo/openFilms';
import { formatNumber } from '@portal/contracts/core/numbers';

/** The size the portal shows for a bundled demo file (each one a few KB), in `language` and its `unit`. */
const sizeOf = (name: string, language = 'en', unit = 'KB') =>
  `${formatNumber(language, statSync(`frontend/partner/public/demo/resources/${name}`).size / 1024, 2)}\u00a0${unit}`;

/** The content pages of the Academy in Chromium: replays, vault, resources (sample sources). */
let e2e: E2eApp;
/** expect.poll with room for a shared, busy machine (no timing is asserted) */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });
let user: CreatedUser;
let context: BrowserContext;
const SHOTS = process.env.SCREENSHOT_DIR;

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/**
 * The player shows a ring while its frame has the keyboard (Tab into it): Chromium draws no
 * focus ring on a frame, so its box draws one.
 */
async function expectRingWhileFocused(dialog: Locator) {
  const frame = dialog.locator('.video-frame');
  const ring = () => frame.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(await ring()).toBe('none');
  await dialog.locator('iframe').focus();
  await poll(ring).toBe('solid');
  if (SHOTS) await dialog.page().screenshot({ path: `${SHOTS}/video-frame-focused.png` });
  // and none once the keyboard is back in the dialog (where Escape closes it)
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await poll(ring).toBe('none');
}

/** Fullscreen is granted by `allow` alone: with `allowfullscreen` too, Chromium warns that one wins. */
async function expectFullscreenByAllowOnly(iframe: Locator) {
  expect(await iframe.getAttribute('allow')).toContain('fullscreen');
  expect(await iframe.getAttribute('allowfullscreen')).toBeNull();
}

beforeAll(async () => {
  e2e = await startE2eApp();
  await seedAcademyContent(e2e.app.deps);
  user = await createUser(e2e.app);
  context = await e2e.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.app.url });
  const res = await context.request.post(`${e2e.app.url}/api/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
});
afterAll(async () => {
  await e2e?.close();
});

describe('replays', () => {
  it('a failed load shows the error with a way to try again, not the empty state of a filter', async () => {
    const { db } = e2e.app.deps;
    // a real server-side failure: the replays read model is out of reach for a moment
    await db.raw('alter table replay_videos rename to replay_videos_away');
    let page: Page;
    try {
      page = await open('/replays');
      await page.getByText('Failed to load videos. Please try again later.').waitFor();
      expect(await page.getByRole('heading', { name: 'Error' }).count()).toBe(1);
      expect(await page.getByText('No videos found').count()).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/replays-load-failed.png` });
    } finally {
      await db.raw('alter table replay_videos_away rename to replay_videos');
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.replay-card').first().waitFor();
    expect(await page.getByText('Failed to load videos. Please try again later.').count()).toBe(0);
    await page.close();
  });

  it('filters by search, category and date, clears the category from the empty state, and plays a video', async () => {
    const page = await open('/replays');
    const found = page.locator('.replays-count');
    await poll(() => found.textContent()).toBe('13 video(s) found');
    expect(await page.locator('.replay-card').count()).toBe(13);
    expect(await page.locator('.replay-card .replay-duration').first().textContent()).toMatch(
      /^\d+:\d{2}(:\d{2})?$/,
    );

    await page.getByRole('textbox', { name: 'Search' }).fill('webinar');
    await poll(() => found.textContent()).toBe('1 video(s) found');
    expect(await page.locator('.replay-card h3').allTextContents()).toEqual([
      'Weekly Partner Webinar – Prospecting With Confidence',
    ]);
    await page.getByRole('textbox', { name: 'Search' }).fill('');

    await page.getByRole('radio', { name: 'Product Demo' }).click();
    await poll(() => found.textContent()).toBe('3 video(s) found');
    expect(await page.locator('.replay-category').allTextContents()).toEqual(Array(3).fill('Product Demo'));

    await page.locator('.replays-sidebar .ant-select').click();
    const thisWeek = page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="This week"]');
    await openedList(thisWeek);
    await thisWeek.click();
    await poll(() => found.textContent()).toBe('0 video(s) found');
    await page.getByText('No videos found').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // the category goes back to All; the date filter stays
    await poll(() => found.textContent()).toBe('2 video(s) found');
    expect(await page.getByRole('radio', { name: 'All' }).getAttribute('aria-checked')).toBe('true');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/replays-filtered.png`, fullPage: true });

    await page.locator('.replay-card').first().locator('.replay-body button').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?autoplay=1/,
    );
    await expectFullscreenByAllowOnly(dialog.locator('iframe'));
    await expectRingWhileFocused(dialog);
    expect(await dialog.innerText()).toContain('A step-by-step training for new partners');
    // a demo replay says what it really plays
    expect(await dialog.innerText()).toContain(
      'Sample video: “Big Buck Bunny” (2008), an open film by the Blender Foundation (CC BY).',
    );
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
  });
});

describe('vault', () => {
  it('filters by category with counts and an explanation, and copies a link', async () => {
    const page = await open('/vault');
    await poll(() => page.locator('.vault-card').count()).toBe(OPEN_FILM_LIST.length);
    const all = page.locator('.vault-sidebar [data-category="all"]');
    expect(await all.locator('.vault-cat-count').textContent()).toBe(String(OPEN_FILM_LIST.length));
    const thyroid = page.locator('.vault-sidebar [data-category="thyroid"]');
    const count = Number(await thyroid.locator('.vault-cat-count').textContent());
    expect(count).toBeGreaterThan(0);

    await thyroid.click();
    await poll(() => page.locator('.vault-card').count()).toBe(count);
    const explain = page.locator('.vault-explain');
    expect(await explain.locator('h2').textContent()).toBe('Thyroid');
    expect(await explain.innerText()).toContain(`${count} videos`);
    for (const badges of await page.locator('.vault-card .vault-badges').allInnerTexts())
      expect(badges).toMatch(/Thyroid|\+\d+ more/);
    // the category is in the address: shareable, and a reload keeps it
    expect(new URL(page.url()).searchParams.get('category')).toBe('thyroid');
    await page.reload();
    await poll(() => page.locator('.vault-explain h2').textContent()).toBe('Thyroid');
    // at most three badges, then "+N more"
    await all.click();
    await poll(() => page.locator('.vault-card').count()).toBe(OPEN_FILM_LIST.length);
    const crowded = page.locator('.vault-card').filter({ hasText: '+1 more' }).first();
    expect(await crowded.locator('.vault-badge').count()).toBe(4);

    await page.locator('.vault-card').first().click();
    const dialog = page.getByRole('dialog');
    await openedDialog(dialog);
    // every demo card plays one of the open films
    const embed = (await dialog.locator('iframe').getAttribute('src')) ?? '';
    expect(
      OPEN_FILM_LIST.some((f) => embed.startsWith(`https://www.youtube-nocookie.com/embed/${f.youtubeId}?`)),
    ).toBe(true);
    await expectFullscreenByAllowOnly(dialog.locator('iframe'));
    await expectRingWhileFocused(dialog);
    await dialog.getByRole('button', { name: 'Copy Link' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    await page.getByText('Video link copied to clipboard').waitFor();
    // the label returns after 2 s
    await dialog.getByRole('button', { name: 'Copy Link' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/vault-dialog.png` });
  });

  it('uses a drawer for the categories on small screens', async () => {
    const small = await e2e.newContext({ viewport: { width: 390, height: 800 } });
    await small.request.post(`${e2e.app.url}/api/login`, {
      data: { email: user.email, password: user.password },
    });
    const page = await small.newPage();
    await page.goto('/vault');
    await poll(() => page.locator('.vault-card').count()).toBe(OPEN_FILM_LIST.length);
    expect(await page.locator('.vault-sidebar').isVisible()).toBe(false);
    await page.getByRole('button', { name: /Category: All/ }).click();
    await page.locator('.ant-drawer [data-category="pcos"]').click();
    await page.locator('.vault-explain h2').filter({ hasText: 'PCOS' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/vault-mobile.png` });
    await small.close();
  });
});

describe('resources', () => {
  it('enters folders, goes back by breadcrumb, searches, and shows details', async () => {
    const page = await open('/resources');
    const names = () => page.locator('.res-card .res-name').allTextContents();
    const crumbs = () => page.locator('.res-crumbs li').allInnerTexts();
    await poll(names).toEqual([
      'Archive',
      'Forms & Documents',
      'Getting Started',
      'Marketing Materials',
      'Product Information',
      'Training Videos',
      'Quick Start Checklist',
      'Welcome Guide.pdf',
    ]);
    expect((await crumbs()).map((c) => c.trim())).toEqual(['Resources']);

    const folderRead = page.waitForRequest((r) => r.url().includes('/api/google-drive-resources?'));
    await page.getByRole('button', { name: 'Open folder Marketing Materials' }).click();
    // a folder is read past every cache, with the spec's no-cache headers and a timestamp
    const folderRequest = await folderRead;
    expect(await folderRequest.allHeaders()).toMatchObject({
      'cache-control': 'no-cache',
      pragma: 'no-cache',
    });
    expect(new URL(folderRequest.url()).searchParams.get('t')).toMatch(/^\d+$/);
    await poll(names).toEqual([
      'Social Media Graphics',
      'Business Presentation.pptx',
      'Customer Brochure.pdf',
    ]);
    await page.getByRole('button', { name: 'Open folder Social Media Graphics' }).click();
    await poll(names).toEqual([
      'Facebook Cover.png',
      'Instagram Post - Morning Routine.png',
      'Story Template.png',
    ]);
    expect((await crumbs()).map((c) => c.trim())).toEqual([
      'Resources',
      'Marketing Materials',
      'Social Media Graphics',
    ]);
    expect(await page.locator('.res-card.res-image').count()).toBe(3);

    // the folder is in the address: a reload stays, the browser's Back goes to the parent folder
    await page.reload();
    await poll(names).toEqual([
      'Facebook Cover.png',
      'Instagram Post - Morning Routine.png',
      'Story Template.png',
    ]);
    await page.goBack();
    await poll(names).toEqual([
      'Social Media Graphics',
      'Business Presentation.pptx',
      'Customer Brochure.pdf',
    ]);
    await page.goForward();
    await poll(names).toEqual([
      'Facebook Cover.png',
      'Instagram Post - Morning Routine.png',
      'Story Template.png',
    ]);

    // back by breadcrumb
    await page.locator('.res-crumbs').getByRole('button', { name: 'Marketing Materials' }).click();
    await poll(names).toEqual([
      'Social Media Graphics',
      'Business Presentation.pptx',
      'Customer Brochure.pdf',
    ]);
    await page.locator('.res-crumbs').getByRole('button', { name: 'Resources' }).click();
    await poll(() => page.locator('.res-card').count()).toBe(8);

    // a file opens its view link in a new tab: the demo files are real, served by the portal itself
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Open Welcome Guide.pdf in a new tab' }).click(),
    ]);
    expect(tab.url()).toBe(`${e2e.app.url}/demo/resources/welcome-guide.pdf`);
    await tab.close();
    const file = await context.request.get('/demo/resources/welcome-guide.pdf');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // search hides the breadcrumbs; clearing it brings the folder back
    await page.getByRole('textbox', { name: 'Search resources' }).fill('price');
    await poll(names).toEqual(['Price List 2026.xlsx']);
    expect(await page.locator('.res-crumbs').count()).toBe(0);
    expect(await page.locator('.res-card .res-meta').first().innerText()).toContain(
      sizeOf('not-included.pdf'),
    );
    await page.getByRole('textbox', { name: 'Search resources' }).fill('zzzz');
    await page.getByText('No files found').waitFor();
    await page.getByText('Try adjusting your search terms.').waitFor();
    await page.getByRole('textbox', { name: 'Search resources' }).fill('');
    await poll(() => page.locator('.res-card').count()).toBe(8);
    expect(await page.locator('.res-crumbs').count()).toBe(1);

    // details of a file: type, size, date, open button
    const guide = page.locator('.res-card').filter({ hasText: 'Welcome Guide.pdf' });
    await guide.hover();
    await guide.getByRole('button', { name: 'Details of Welcome Guide.pdf' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('PDF');
    expect(text).toContain(sizeOf('welcome-guide.pdf'));
    expect(await dialog.getByRole('link', { name: 'Open in Google Drive' }).getAttribute('href')).toBe(
      '/demo/resources/welcome-guide.pdf',
    );
    await page.keyboard.press('Escape');

    // an empty folder
    await page.getByRole('button', { name: 'Open folder Archive' }).click();
    await page.getByText('Folder is empty').waitFor();
    await page.getByText('This folder contains no files or subfolders.').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/resources-empty.png` });

    // an address naming a folder outside Resources (or gone): its own message and a way back
    await page.goto(
      '/resources?path=' +
        encodeURIComponent(JSON.stringify([{ id: 'somebody-elses-folder', name: 'Private' }])),
    );
    await page.getByText('Folder not found').waitFor();
    await page.getByRole('button', { name: 'Back to Resources' }).click();
    await poll(() => page.locator('.res-card').count()).toBe(8);
  });

  it('names the size units as the reader’s language does: Ko in French, KB in Spanish', async () => {
    for (const [locale, language, unit] of [
      ['fr-FR', 'fr', 'Ko'],
      ['es-ES', 'es', 'KB'],
    ]) {
      const local = await e2e.signedInContext(user.client, { locale });
      const page = await local.newPage();
      await page.goto('/resources');
      const guide = page.locator('.res-card').filter({ hasText: 'Welcome Guide.pdf' });
      await guide.waitFor();
      // "19,52 Ko": the language's decimal comma, a no-break space, the language's unit
      expect(await guide.locator('.res-meta').innerText()).toContain(
        sizeOf('welcome-guide.pdf', language, unit),
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/resources-${language}.png` });
      await local.close();
    }
  });
});

describe('resources with the keyboard', () => {
  it('a folder opened with Enter, a crumb and Back put the focus on the folder’s name, then Tab reaches its files', async () => {
    const page = await open('/resources');
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return el.getAttribute('aria-label') ?? el.innerText.trim();
      });
    const folder = page.getByRole('button', { name: 'Open folder Marketing Materials' });
    await folder.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/path=/);
    await poll(focused).toBe('Marketing Materials');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Open folder Social Media Graphics');

    await page.keyboard.press('Enter');
    await poll(focused).toBe('Social Media Graphics');
    // a crumb, with the keyboard
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Marketing Materials');
    await page.keyboard.press('Enter');
    await poll(focused).toBe('Marketing Materials');
    await page.goBack();
    await poll(focused).toBe('Social Media Graphics');
    await page.close();
  });
});

describe('demo content', () => {
  it('admins see a demo badge on the pages that show bundled demo content; partners do not', async () => {
    const admin = await createUser(e2e.app, { admin: true });
    const adminContext = await e2e.signedInContext(admin.client);
    const pages: [string, string][] = [
      ['/replays', 'the replays are the bundled demo playlist'],
      ['/resources', 'these are the bundled demo files'],
      ['/vault', 'the vault holds the demo videos'],
      ['/live-calls', 'the join links are demo links'],
    ];
    for (const [path, hint] of pages) {
      const page = await adminContext.newPage();
      await page.goto(path);
      const badge = page.getByTestId('demo-badge');
      await badge.waitFor();
      expect(await badge.innerText()).toContain('Demo content');
      expect(await badge.innerText()).toContain(hint);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/demo-badge${path.replace('/', '-')}.png` });
      await page.close();
    }
    const partnerPage = await open('/replays');
    await poll(() => partnerPage.locator('.replay-card').count()).toBe(13);
    expect(await partnerPage.getByTestId('demo-badge').count()).toBe(0);
    await adminContext.close();
  });
});
