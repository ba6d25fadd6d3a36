import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import { gapBelow } from '../../../../testing/layout';

/**
 * The audit log on a phone (390 px): its filters start right under the app bar (which holds the
 * page's title), with no empty toolbar between them; the list follows the filters.
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;

describe('audit log on a phone', () => {
  for (const locale of ['en-US', 'es-ES', 'fr-FR'])
    it(`${locale}: the filters start right under the app bar`, async () => {
      const context = await setup.e2e.signedInContext(setup.admin.client, {
        locale,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      await page.goto(`${setup.e2e.app.url}/admin/#/audit`);
      await page.getByTestId('audit-list').locator('li').first().waitFor({ timeout: 60_000 });
      // the page's own margin (8 px) and the first field's (8 px), no more
      expect(await gapBelow(page, 'header', '.RaFilterForm-filterFormInput')).toBeLessThanOrEqual(16);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-audit-phone-${locale}.png` });
      await context.close();
    });
});
