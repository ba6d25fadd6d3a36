import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';

/**
 * The sync page on a phone and on a wide screen, in en, es and fr: the run button says what it
 * does in words (before and while a run goes), and a run's three figures stand in one row, evenly
 * spaced, on the page's panel and on the run's own page.
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;
const WIDTHS = [390, 1280];
const LOCALES = ['en-US', 'es-ES', 'fr-FR'] as const;

const BUTTON = {
  'en-US': { run: 'Run sync', running: 'Sync running…' },
  'es-ES': { run: 'Sincronizar', running: 'Sincronizando…' },
  'fr-FR': { run: 'Synchroniser', running: 'Synchronisation en cours…' },
};

async function syncPage(locale: string, width: number) {
  const context = await setup.e2e.signedInContext(setup.admin.client, {
    locale,
    viewport: { width, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(`${setup.e2e.app.url}/admin/#/sync-runs`);
  return page;
}

/** The button's words (as written, whatever the letter case shown) and its name, once it reads `text`. */
async function expectButton(page: Page, text: string) {
  const button = page.getByTestId('run-sync');
  await expect.poll(() => button.textContent(), { timeout: 60_000 }).toBe(text);
  await page.getByRole('button', { name: text, exact: true }).waitFor();
}

/** Each figure's box (label over value), left to right, as its left, right and top edges. */
const figureBoxes = (page: Page) =>
  page
    .getByTestId('sync-results')
    .locator(':scope > *')
    .evaluateAll((figures) =>
      figures.map((f) => {
        const { left, right, top } = f.getBoundingClientRect();
        return { left: Math.round(left), right: Math.round(right), top: Math.round(top) };
      }),
    );

/** The figures in one row (one top), the same gap between each. */
async function expectOneRow(page: Page) {
  await page.getByTestId('sync-results').waitFor({ timeout: 60_000 });
  // the run's figures, once its status shows (the panel's run comes after the page)
  await page.locator('[data-testid^="run-status-"]').first().waitFor({ timeout: 60_000 });
  const boxes = await figureBoxes(page);
  expect(boxes).toHaveLength(3);
  expect(new Set(boxes.map((b) => b.top)).size, JSON.stringify(boxes)).toBe(1);
  const [a, b, c] = boxes as [(typeof boxes)[0], (typeof boxes)[0], (typeof boxes)[0]];
  expect(b.left - a.right).toBeGreaterThan(0);
  expect(Math.abs(b.left - a.right - (c.left - b.right)), JSON.stringify(boxes)).toBeLessThanOrEqual(1);
}

describe('the sync page, no run yet', () => {
  for (const width of WIDTHS)
    for (const locale of LOCALES)
      it(`${locale}, ${width} px: the run button reads what it does`, async () => {
        const page = await syncPage(locale, width);
        await expectButton(page, BUTTON[locale].run);
        expect(await page.getByTestId('run-sync').isEnabled()).toBe(true);
        await page.context().close();
      });
});

describe('the sync page, a run going', () => {
  beforeAll(async () => {
    // no worker here: the run stays queued
    expect((await setup.admin.client.post('/api/admin/sync-runs', {})).status).toBeLessThan(300);
  });
  for (const width of WIDTHS)
    for (const locale of LOCALES)
      it(`${locale}, ${width} px: the button says a run is going; its figures stand in one row`, async () => {
        const page = await syncPage(locale, width);
        await expectOneRow(page);
        await expectButton(page, BUTTON[locale].running);
        expect(await page.getByTestId('run-sync').isDisabled()).toBe(true);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/sync-${width}-${locale}.png` });

        await page.getByTestId('sync-results').click();
        await page.waitForURL(/#\/sync-runs\/[^/]+\/show/);
        // the list's page gone (its panel has the figures too), the run's shown
        await page.getByTestId('run-sync').waitFor({ state: 'detached', timeout: 60_000 });
        await page.getByTestId('run-status-queued').waitFor({ timeout: 60_000 });
        await expectOneRow(page);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/sync-run-${width}-${locale}.png` });
        await page.context().close();
      });
});
