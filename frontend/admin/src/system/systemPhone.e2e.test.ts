import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import { linesOf, widerThanScreen } from '../../../../testing/layout';

/**
 * The system metrics page on a phone (390 px): each queue's and read model's name has the
 * panel's width (squeezed beside its figures, "Témoignages de réussite, appels en direct et liens
 * de l'Académie" took four lines), and nothing sticks out of the screen.
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;

describe('system metrics on a phone', () => {
  for (const locale of ['en-US', 'es-ES', 'fr-FR'])
    it(`${locale}: queue and read-model names take at most two lines, the page fits the screen`, async () => {
      const context = await setup.e2e.signedInContext(setup.admin.client, {
        locale,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      await page.goto(`${setup.e2e.app.url}/admin/#/system-metrics`);
      const names = page.getByTestId('system-name');
      await names.first().waitFor({ timeout: 60_000 });
      // the admin's name of each (its first line of text; the internal name is the last line)
      const lines = await linesOf(names);
      const texts = await names.allTextContents();
      expect(texts.filter((_, i) => lines[i]! > 3)).toEqual([]);
      expect(await widerThanScreen(page)).toEqual([]);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/console-system-phone-${locale}.png`, fullPage: true });
      await context.close();
    });
});
