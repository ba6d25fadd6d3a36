import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { openedList, startE2eApp, type E2eApp } from '../../../../../testing/browser';
import { seedDemoPartners } from '../../../../../backend/src/features/partners/demo';
import { seedPartner } from '../../../../../backend/src/features/partners/seed';
import { finishFoundation } from '../../../../../testing/progress';

const PASSWORD = 'Sponsor-Demo-2026';
let e2e: E2eApp;

async function signedInPage(email: string, locale?: string): Promise<Page> {
  const context = await e2e.newContext({ locale });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.app.url });
  const page = await context.newPage();
  const res = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  await page.goto('/partners');
  return page;
}

/** Waits for the page to reach a state (the default 1 s of expect.poll is too short on a busy machine). */
const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 100 });

const showing = (page: Page) => page.getByTestId('partners-showing');
const cards = (page: Page) => page.getByTestId('partner-card');

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  const item = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`);
  await openedList(item);
  await item.click();
}

/**
 * A sponsor with one partner who has done steps 1 and 2 and answered step 4, signed in on /partners
 * in French.
 */
async function sponsorOfOne(name: string, experience: { startDate: string }) {
  const { deps } = e2e.app;
  const sponsor = await seedPartner(deps, {
    sponsorId: null,
    firstName: name,
    lastName: 'Sponsor',
    email: `${name}@example.test`,
    passwordHash: await deps.passwords.hash(PASSWORD),
  });
  const partner = await seedPartner(deps, {
    sponsorId: sponsor.id,
    firstName: 'Quinn',
    lastName: 'Quick',
    email: `quinn.${name}@example.test`,
    lastLoginAt: new Date().toISOString(),
    completedSteps: 2,
    productExperience: { ...experience, positiveChanges: 'Más energía', confidenceLevel: 'confident' },
  });
  await deps.projections.waitFor(partner.position);
  return { page: await signedInPage(`${name}@example.test`, 'fr-FR'), partnerId: partner.id };
}

beforeAll(async () => {
  e2e = await startE2eApp();
  await seedDemoPartners(e2e.app.deps, { email: 'sponsor@example.test', password: PASSWORD });
  const { position } = await seedPartner(e2e.app.deps, {
    sponsorId: null,
    firstName: 'Nora',
    lastName: 'New',
    email: 'nora@example.test',
    passwordHash: await e2e.app.deps.passwords.hash(PASSWORD),
  });
  await e2e.app.deps.projections.waitFor(position);
  const sol = await seedPartner(e2e.app.deps, {
    sponsorId: null,
    firstName: 'Sol',
    lastName: 'Sponsor',
    email: 'sol@example.test',
    passwordHash: await e2e.app.deps.passwords.hash(PASSWORD),
  });
  const longOne = await seedPartner(e2e.app.deps, {
    sponsorId: sol.id,
    firstName: LONG.firstName,
    lastName: LONG.lastName,
    email: LONG.email,
  });
  await e2e.app.deps.projections.waitFor(longOne.position);
});

/** A partner whose name and e-mail are far wider than a phone. */
const LONG = {
  firstName: 'Marie-Bernadette-Gwendoline',
  lastName: 'de La Rochefoucauld-Montmorency-Villeneuve',
  email: 'marie.bernadette.gwendoline.delarochefoucauld@cabinet-conseil-francophone.example.test',
};

afterAll(async () => {
  await e2e?.close();
});

describe('partners page', () => {
  it('a sponsor searches, filters, pages and opens a partner’s detail sheet', async () => {
    const page = await signedInPage('sponsor@example.test');

    // stat cards and the first page
    await eventually(() => page.locator('.partners-stat-value').allTextContents()).toEqual(['25', '5', '15']);
    await eventually(() => showing(page).textContent()).toBe('Showing 1 to 20 of 25 partners');
    expect(await cards(page).count()).toBe(20);
    expect(await page.getByTestId('partners-found').textContent()).toBe('25 partners found');

    // paging
    await page.getByRole('button', { name: 'Page 2' }).click();
    await eventually(() => showing(page).textContent()).toBe('Showing 21 to 25 of 25 partners');
    expect(await cards(page).count()).toBe(5);

    // a filter goes back to page 1
    await choose(page, 'status-filter', 'Complete');
    await eventually(() => showing(page).textContent()).toBe('Showing 1 to 5 of 5 partners');
    expect(await page.locator('.partner-card .partner-status').allTextContents()).toEqual(
      Array(5).fill('Complete'),
    );

    await choose(page, 'status-filter', 'Not started');
    await choose(page, 'sort-select', 'Name');
    await eventually(() => page.locator('.partner-name').allTextContents()).toEqual([
      'Elena Popescu',
      'Ingrid Johansson',
      'Jonas Weber',
      'Tom Becker',
      'Yuki Tanaka',
    ]);
    await choose(page, 'status-filter', 'All statuses');

    // search, then the whole team with levels
    await page.getByRole('textbox', { name: 'Search partners' }).fill('okafor');
    await eventually(() => page.locator('.partner-name').allTextContents()).toEqual(['Grace Okafor']);
    await page.getByText('Whole team').click();
    await eventually(() => page.locator('.partner-name').allTextContents()).toEqual([
      'Grace Okafor',
      'Leo Okafor',
      'Zoe Okafor',
    ]);
    expect(await page.locator('.partner-level').allTextContents()).toEqual(['Level 1', 'Level 3', 'Level 2']);
    await page.getByText('My partners').click();

    // nothing found, then clear filters
    await page.getByRole('textbox', { name: 'Search partners' }).fill('nobody-like-this');
    await eventually(() => page.getByText('No partners found').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await eventually(() => showing(page).textContent()).toBe('Showing 1 to 20 of 25 partners');

    // detail sheet: header, account info, one step open at a time, step 5 shared answers, copy
    await page.getByRole('textbox', { name: 'Search partners' }).fill('grace');
    await eventually(() => page.locator('.partner-name').allTextContents()).toEqual(['Grace Okafor']);
    // the card keeps the spec's 'step X of 5'; the sheet's current step says she has done them all
    expect(await cards(page).first().locator('.partner-progress-text').innerText()).toMatch(
      /^Step 5 of 5\s+100%$/,
    );
    await cards(page).first().click();
    const sheet = page.locator('.partner-sheet');
    await sheet.getByText('Account information').waitFor();
    // it read "Current step: Step 5 of 5", as if she were still on the last one
    expect(await sheet.locator('.sheet-grid').innerText()).toMatch(/Current step\s+Foundation complete/);
    expect(await sheet.locator('.sheet-grid').innerText()).not.toContain('Step 5 of 5');
    expect(await sheet.locator('a.sheet-mail').getAttribute('href')).toBe('mailto:grace.okafor@example.com');
    // a finished partner's header says so once, not "100% complete" beside "Complete"
    expect(await sheet.locator('.sheet-header-progress').innerText()).toBe('Complete');
    const uid = (await sheet.locator('.sheet-grid code').textContent())!;
    expect(uid).toMatch(/^P-/);
    await sheet.getByText('Step 3: Prepare 2 Lists').click();
    await sheet.getByText('Asked about sleep').waitFor();
    await sheet.getByText('Step 5: Start your Why').click();
    await sheet.getByText('I want more time with my kids and a second income I can grow.').waitFor();
    await eventually(() => sheet.getByText('Asked about sleep').isVisible()).toBe(false);
    await sheet.getByRole('button', { name: 'Copy User ID' }).click();
    await sheet.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uid);
    await page.keyboard.press('Escape');
    await eventually(() => sheet.isVisible()).toBe(false);

    // a partner who keeps step 5 private
    await page.getByRole('textbox', { name: 'Search partners' }).fill('camille');
    await eventually(() => page.locator('.partner-name').allTextContents()).toEqual(['Camille Martin']);
    await cards(page).first().click();
    await sheet.getByText('Step 5: Start your Why').click();
    await sheet.getByText('This partner has chosen not to share their Step 5 responses.').waitFor();
    await page.keyboard.press('Escape');
    await eventually(() => sheet.isVisible()).toBe(false);

    // the card names the step a partner is on, as the sheet does: 3 steps done is step 4, none is step 1
    await page.getByRole('textbox', { name: 'Search partners' }).fill('marc');
    await eventually(() => page.locator('.partner-name').allTextContents()).toEqual(['Marc Dubois']);
    expect(await cards(page).first().locator('.partner-progress-text').innerText()).toMatch(
      /^Step 4 of 5\s+60%$/,
    );
    await cards(page).first().click();
    await sheet.getByText('Account information').waitFor();
    expect(await sheet.locator('.sheet-grid').innerText()).toContain('Step 4 of 5');
    expect(await sheet.locator('.sheet-header-progress').innerText()).toMatch(/^60% complete\s+In progress$/);
    // the sheet's progress bar is named as the card's (axe: aria-progressbar-name)
    await sheet.getByRole('progressbar', { name: '60% complete', exact: true }).waitFor();
    // each step row names its number once, to the eye and to a screen reader ("4" beside "Step 4: …" said it twice)
    const rows = sheet.locator('.sheet-steps .ant-collapse-header');
    expect(await rows.count()).toBe(5);
    for (let step = 1; step <= 5; step++) {
      const row = rows.nth(step - 1);
      const times = (text: string) => text.match(new RegExp(`\\b${step}\\b`, 'g'))?.length ?? 0;
      expect(times(await row.innerText()), await row.innerText()).toBe(1);
      expect(times(await row.ariaSnapshot()), await row.ariaSnapshot()).toBe(1);
    }
    expect(await rows.nth(3).innerText()).toMatch(/^Step 4: Product Experience/);
    await page.keyboard.press('Escape');
    await eventually(() => sheet.isVisible()).toBe(false);
    await page.getByRole('textbox', { name: 'Search partners' }).fill('jonas');
    await eventually(() => page.locator('.partner-name').allTextContents()).toEqual(['Jonas Weber']);
    expect(await cards(page).first().locator('.partner-progress-text').innerText()).toMatch(
      /^Step 1 of 5\s+0%$/,
    );
    await page.context().close();
  });

  it('a start date written in words shows in the sheet as the partner wrote it', async () => {
    // free text (the Spanish form suggests "p. ej. marzo de 2025"): read as a date it was "1 janvier 2025"
    const { page } = await sponsorOfOne('pia', { startDate: 'agosto de 2025' });
    await cards(page).first().click();
    const sheet = page.locator('.partner-sheet');
    await sheet.getByText(/^Étape 4\s:\sExpérience produit/).click();
    await sheet.getByText('agosto de 2025').waitFor();
    expect(await sheet.locator('.sheet-steps').innerText()).not.toContain('janvier');
    await page.context().close();
  });

  it('a step done since the list was read shows in the sheet’s header and on the card', async () => {
    const { page, partnerId } = await sponsorOfOne('ravi', { startDate: 'March 2025' });
    const progressText = () => cards(page).first().locator('.partner-progress-text').innerText();
    await eventually(progressText).toMatch(/40\s%$/);

    // the partner completes step 3 while the sponsor's page is open (the list is cached 5 minutes)
    await finishFoundation(e2e.app, partnerId, [3]);
    await cards(page).first().click();
    const sheet = page.locator('.partner-sheet');
    await sheet.getByText('Informations du compte').waitFor();
    expect(await sheet.locator('.sheet-steps .anticon-check-circle').count()).toBe(3);
    // it said "40 % terminé" above three ticked steps, and the card behind kept 40 %
    await eventually(() => sheet.locator('.sheet-header-progress').innerText()).toMatch(/^60\s% terminé/);
    await eventually(progressText).toMatch(/60\s%$/);
    await page.context().close();
  });

  it('a sponsor without partners sees the first-time empty state', async () => {
    const page = await signedInPage('nora@example.test');
    await page.getByText("You haven't added any partners yet").waitFor();
    await page.getByRole('button', { name: 'Start Adding Partners' }).click();
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Search partners',
    );
    await page.context().close();
  });

  it('a search the server cannot answer says so in the partner’s language, and Retry recovers', async () => {
    const page = await signedInPage('sponsor@example.test', 'fr-FR');
    await eventually(() => cards(page).count()).toBe(20);
    const alert = page.locator('.partners-empty[role="alert"]');
    const search = page.getByRole('textbox', { name: 'Rechercher des partenaires' });

    // unreachable (no answer at all), then a proxy's HTML error page
    const failures = [
      (r: Route) => r.abort('connectionrefused'),
      (r: Route) => r.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
    ];
    for (const [i, fail] of failures.entries()) {
      await page.route('**/api/partners?*', fail);
      await search.fill(`Lucas ${i}`);
      await alert.waitFor();
      expect(await alert.innerText()).toBe(
        'Impossible de charger vos partenaires\n\nVérifiez votre connexion et réessayez.\n\nRéessayer',
      );
      // the server is back: Retry reads the same search again
      await page.unroute('**/api/partners?*');
      await alert.getByRole('button', { name: 'Réessayer' }).click();
      await alert.waitFor({ state: 'detached' });
    }
    await page.context().close();
  });

  it('on a phone, a very long name shows whole on its card, and with the e-mail in the sheet', async () => {
    const context = await e2e.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const res = await page.request.post('/api/login', {
      data: { email: 'sol@example.test', password: PASSWORD },
    });
    expect(res.status()).toBe(200);
    await page.goto('/partners');
    const shown = (within: Locator) =>
      within.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return {
          text: (el as HTMLElement).innerText.trim(),
          inside: box.left >= 0 && box.right <= window.innerWidth,
          clipped: el.scrollWidth > el.clientWidth + 1,
        };
      });
    const whole = (text: string) => ({ text, inside: true, clipped: false });

    // the card: the name whole (the e-mail keeps its ellipsis there)
    const name = cards(page).first().locator('.partner-name');
    await name.waitFor();
    expect(await shown(name)).toEqual(whole(`${LONG.firstName} ${LONG.lastName}`));

    await name.click();
    const sheet = page.locator('.partner-sheet');
    await sheet.locator('.sheet-name').waitFor();
    await expect
      .poll(() => shown(sheet.locator('.sheet-name')), { timeout: 30_000 })
      .toEqual(whole(`${LONG.firstName} ${LONG.lastName}`));
    expect(await shown(sheet.locator('.sheet-mail'))).toEqual(whole(LONG.email));
    // the close button is by the name's first line, not halfway down the tall header
    const top = async (l: Locator) => (await l.boundingBox())!.y;
    expect(await top(sheet.locator('.ant-drawer-close'))).toBeLessThan(
      (await top(sheet.locator('.sheet-name'))) + 16,
    );
    // the steps have the names the partner sees on them
    expect(await sheet.innerText()).toContain('Étape 5\u00a0: Trouvez votre pourquoi');
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/partner-sheet-fr-phone.png` });
    await context.close();
  });
});
