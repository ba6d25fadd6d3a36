import { beforeAll, describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../testing/browser';
import { seedAcademyContent } from '../../../backend/src/demo/academy';
import { gapBelow } from '../../../testing/layout';

/**
 * Every console list on a phone (390 px): the list's first content (its filters, its buttons, its
 * rows) starts right under what is above it (the app bar, or the page's notice or panel), with
 * no empty actions toolbar between them: react-admin's default one, with nothing in it, was a
 * 56 px band of blank page. A toolbar with real buttons (Export; Add filter on the success stories) stays.
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  // testimonials to list (an empty list shows its "add one" page instead)
  await seedAcademyContent(setup.e2e.app.deps);
});

const lists = [
  { path: 'users', above: 'header' },
  { path: 'audit', above: 'header' },
  { path: 'sync-runs', above: '#main-content .MuiCard-root' }, // below the "run now" panel
  { path: 'mail-outbox', above: '#main-content .MuiAlert-root' }, // below its notice
  { path: 'testimonials', above: 'header' },
  { path: 'live-calls', above: 'header' },
];
// the list's own content: a button, a field, the card of rows
const FIRST_CONTENT = '.RaList-main :is(a, button, input), .RaList-content';

describe('console lists on a phone', () => {
  for (const locale of ['en-US', 'es-ES', 'fr-FR'])
    it(`${locale}: no empty band above any list`, async () => {
      const context = await setup.e2e.signedInContext(setup.admin.client, {
        locale,
        viewport: { width: 390, height: 844 },
      });
      const bands: string[] = [];
      for (const { path, above } of lists) {
        const page = await context.newPage();
        await page.goto(`${setup.e2e.app.url}/admin/#/${path}`);
        await page.locator('.RaList-content').waitFor({ timeout: 60_000 });
        const gap = await gapBelow(page, above, FIRST_CONTENT);
        // margins only (the page's and a field's 8 px each, or a card's and the list's 16 px each);
        // an empty toolbar added 48 px more
        if (gap > 32) bands.push(`${path}: ${gap} px`);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-${path}-phone-${locale}.png` });
        await page.close();
      }
      expect(bands).toEqual([]);
      await context.close();
    });
});
