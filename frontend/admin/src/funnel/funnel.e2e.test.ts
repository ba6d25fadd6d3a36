import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../../testing/browser';
import { createUser, type CreatedUser } from '../../../../testing/users';
import { seedPartner } from '../../../../backend/src/features/partners/seed';
import { linesOf } from '../../../../testing/layout';

/** The funnel page (issue 18, point 6): figures, a sponsor's team, and the CSV download. */
let e2e: E2eApp;
let admin: CreatedUser;
let sponsorId: string;
const SHOTS = process.env.SCREENSHOT_DIR;
const DAY = 86_400_000;

beforeAll(async () => {
  e2e = await startE2eApp();
  admin = await createUser(e2e.app, { admin: true, firstName: 'Ada', lastName: 'Admin' });
  const sponsor = await seedPartner(e2e.app.deps, {
    sponsorId: null,
    firstName: 'Sam',
    lastName: 'Sponsor',
    email: 'sam@example.org',
    completedSteps: 5,
  });
  sponsorId = sponsor.id;
  let position = sponsor.position;
  for (let i = 0; i < 12; i++) {
    ({ position } = await seedPartner(e2e.app.deps, {
      sponsorId: i % 3 === 0 ? sponsorId : null,
      firstName: `P${i}`,
      lastName: 'Funnel',
      email: `p${i}@example.org`,
      joinedAt: new Date(Date.now() - (i * 5 + 1) * DAY).toISOString(),
      completedSteps: i % 6,
    }));
  }
  await e2e.app.deps.projections.waitFor(position, { timeoutMs: 30_000 });
});
afterAll(async () => {
  await e2e?.close();
});

/**
 * The shapes of the figures in each column of the funnel's tables, every run of digits as "9"
 * ("2 (15%)" → "9 (9%)", "3.0" → "9.9"): one shape a column when its figures read alike. The
 * last stage's dashes are left out.
 */
async function columnShapes(page: Page) {
  const shapes = async (table: string, columns: number[]) => {
    const texts = await page
      .getByTestId(table)
      .locator('tbody tr:not([data-stage="training"])')
      .evaluateAll(
        (rows, n) => rows.flatMap((row) => n.map((i) => row.children[i]!.textContent!.trim())),
        columns,
      );
    return [...new Set(texts.map((text) => text.replace(/\d+/g, '9')))].sort();
  };
  return {
    dropOff: await shapes('funnel-table', [3]),
    rate: await shapes('funnel-table', [4]),
    days: await shapes('funnel-table', [5]),
    cohorts: await shapes('cohort-table', [2, 3, 4, 5, 6, 7]),
  };
}

describe('funnel page', () => {
  it('shows per-step completion and cohorts, switches to a team, and downloads the CSV', async () => {
    const context = await e2e.signedInContext(admin.client, { viewport: { width: 1440, height: 1100 } });
    const page = await context.newPage();
    await page.goto(`${e2e.app.url}/admin/#/funnel`);
    const table = page.getByTestId('funnel-table');
    await table.waitFor({ timeout: 30_000 });
    // 13 partners: the sponsor (all five) and 12 with 0..5 steps (two each)
    await expect
      .poll(() => page.getByTestId('funnel-registered').innerText(), { timeout: 30_000 })
      .toBe('13 partners registered');
    const step1 = await table.locator('tr[data-stage="step1"]').innerText();
    expect(step1.split('\t').map((c) => c.trim())).toEqual([
      'Step 1',
      '13',
      '11',
      '2 (15%)',
      '85%',
      expect.stringMatching(/^\d+\.\d$/),
    ]);
    // nobody stops at the last stage and no time runs after it: a dash, named, not "0 (0%)" and 0
    const training = table.locator('tr[data-stage="training"] td');
    expect((await training.allInnerTexts()).slice(0, 3)).toEqual(['Training completed', '3', '3']);
    for (const column of [3, 5]) {
      const cell = training.nth(column).getByTestId('funnel-not-applicable');
      expect(await cell.locator('[aria-hidden="true"]').innerText()).toBe('—');
      expect(await cell.getAttribute('title')).toBe('Does not apply to the last stage');
      expect(await cell.textContent()).toBe('—Does not apply to the last stage');
    }
    // each column writes its figures alike: whole percents, days with one decimal
    expect(await columnShapes(page)).toEqual({
      dropOff: ['9 (9%)'],
      rate: ['9%'],
      days: ['9.9'],
      cohorts: ['9%'],
    });
    expect(await page.getByTestId('cohort-table').locator('tbody tr').count()).toBeGreaterThan(1);
    await page.locator('.recharts-surface').first().waitFor();
    // step 5 and the training lie on one line when every step 5 finished the training: the
    // training's line is dashed, so step 5's shows through it
    const cohortLines = page.getByTestId('funnel-cohorts').locator('path.recharts-line-curve');
    expect(await cohortLines.count()).toBe(6);
    expect(await cohortLines.last().getAttribute('stroke-dasharray')).toBe('6 4');
    expect(await cohortLines.nth(4).getAttribute('stroke-dasharray')).toBeNull();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-funnel.png`, fullPage: true });

    // the cohort table sorts by a clicked header (numbers: largest first, then smallest first),
    // and by a header's sort button from the keyboard
    const cohorts = page.getByTestId('cohort-table');
    const column = async (n: number) =>
      (await cohorts.locator(`tbody tr td:nth-child(${n})`).allInnerTexts()).map((c) => c.trim());
    const registeredHeader = cohorts.locator('th').nth(1);
    await registeredHeader.getByRole('button', { name: 'Sort by Registered' }).click();
    await expect.poll(() => registeredHeader.getAttribute('aria-sort')).toBe('descending');
    const down = (await column(2)).map(Number);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    await registeredHeader.getByRole('button').click();
    await expect.poll(() => registeredHeader.getAttribute('aria-sort')).toBe('ascending');
    const up = (await column(2)).map(Number);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(new Set(up).size).toBeGreaterThan(1);
    const weekHeader = cohorts.locator('th').first();
    await weekHeader.getByRole('button', { name: 'Sort by Week' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => weekHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await registeredHeader.getAttribute('aria-sort')).toBeNull();
    // each week reads as a date in the reader's language ("Nov 23, 2026"), not as 2026-11-23
    const weeks = await column(1);
    expect(
      weeks.every((w) => /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/.test(w)),
      weeks.join(' | '),
    ).toBe(true);
    const days = weeks.map((w) => Date.parse(w));
    expect(days).toEqual([...days].sort((a, b) => a - b));

    // one sponsor's team: the four partners Sam sponsors (0, 3, 0 and 3 steps done)
    await page.getByTestId('funnel-team').click();
    await page.getByRole('option', { name: /Sam Sponsor/ }).click();
    await expect
      .poll(() => page.getByTestId('funnel-registered').innerText(), { timeout: 30_000 })
      .toBe('4 partners registered');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('funnel-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^funnel-team-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('stage,reached,completed,drop_off,completion_rate_percent,median_days');
    expect(lines[1]).toMatch(/^step1,4,2,2,50,/);
    expect(lines).toContain('cohort_week,registered,step1,step2,step3,step4,step5,training');
    await context.close();
  });

  it('reads in French', async () => {
    const context = await e2e.signedInContext(admin.client, {
      locale: 'fr-FR',
      viewport: { width: 1280, height: 1000 },
    });
    const page = await context.newPage();
    await page.goto(`${e2e.app.url}/admin/#/funnel`);
    await page.getByTestId('funnel-table').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('funnel-registered').innerText(), { timeout: 30_000 })
      .toBe('13 partenaires inscrits');
    expect(await page.getByTestId('funnel-table').innerText()).toContain('Formation terminée');
    expect(await page.getByTestId('funnel-not-applicable').first().getAttribute('title')).toBe(
      'Sans objet pour la dernière étape',
    );
    // French: a decimal comma, and a no-break space before "%"
    expect(await columnShapes(page)).toEqual({
      dropOff: ['9 (9\u00a0%)'],
      rate: ['9\u00a0%'],
      days: ['9,9'],
      cohorts: ['9\u00a0%'],
    });
    // the cohort chart lists its series in step order (not alphabetically: "Formation" before
    // "Étape"), and its tooltip writes shares as French percentages
    const cohortChart = page.getByTestId('funnel-cohorts');
    const order = ['Étape 1', 'Étape 2', 'Étape 3', 'Étape 4', 'Étape 5', 'Formation terminée'];
    await cohortChart.locator('.recharts-legend-item-text').first().waitFor();
    expect(await cohortChart.locator('.recharts-legend-item-text').allInnerTexts()).toEqual(order);
    await cohortChart.locator('.recharts-cartesian-grid').scrollIntoViewIfNeeded();
    const plot = (await cohortChart.locator('.recharts-cartesian-grid').boundingBox())!;
    await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
    const tip = cohortChart.locator('.recharts-tooltip-item');
    await tip.first().waitFor();
    const items = await tip.allInnerTexts();
    expect(items.map((i) => i.split(' : ')[0].trim())).toEqual(order);
    expect(
      items.every((i) => /\d\s%$/.test(i.trim())),
      items.join(' | '),
    ).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-funnel-fr.png`, fullPage: true });
    await context.close();
  });

  for (const locale of ['en-US', 'es-ES', 'fr-FR'])
    it(`${locale}: both tables fit their cards at 768, 1024 and 1280 px, every column on screen, each header on one line`, async () => {
      for (const width of [768, 1024, 1280]) {
        // opened at each width (the menu a rail at 768 px, open from 1024 px)
        const context = await e2e.signedInContext(admin.client, { locale, viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(`${e2e.app.url}/admin/#/funnel`);
        await page.getByTestId('cohort-table').locator('tbody tr').first().waitFor({ timeout: 30_000 });
        // how far each table reaches past its card's content, or scrolls inside its box
        const spill = await page.locator('table').evaluateAll((tables) =>
          tables.map((table) => {
            const content = table.closest('.MuiCardContent-root')!;
            const room =
              content.getBoundingClientRect().right - parseFloat(getComputedStyle(content).paddingRight);
            return Math.round(
              Math.max(
                table.getBoundingClientRect().right - room,
                table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
              ),
            );
          }),
        );
        expect(
          spill.filter((px) => px > 0),
          `${width} px`,
        ).toEqual([]);
        // a header squeezed beside the chart read "Sur / le / total", "Jours / (médiane)" (fr, 1280 px)
        const headers = page.locator('[data-testid="funnel-table"] th, [data-testid="cohort-table"] th');
        const lines = await linesOf(headers);
        const texts = await headers.allTextContents();
        expect(
          texts.filter((_, i) => lines[i]! > 1),
          `${width} px: headers on more than one line`,
        ).toEqual([]);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/console-funnel-${width}-${locale}.png`, fullPage: true });
        await context.close();
      }
    });
});
