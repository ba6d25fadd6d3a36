import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import { emptyBelowContent } from '../../../../testing/layout';

/**
 * The performance dashboard's cards are as tall as what they hold (or as their row's tallest):
 * a chart's card once took 420 px of height whatever its chart (a flex size meant for a row of
 * cards, in a column), leaving a band of empty card under the charts.
 */
const setup = setUpConsoleE2e();

describe('performance dashboard layout', () => {
  for (const width of [1280, 1024, 390]) {
    it(`no card ends in an empty band, on every tab, ${width} px wide`, async () => {
      const page = await setup.consolePage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${setup.e2e.app.url}/admin/#/performance`);
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      const found: string[] = [];
      for (const tab of await tabs.all()) {
        await tab.click();
        await page.locator('main .MuiCard-root').first().waitFor();
        // the figures have come (the loading bar is gone)
        await page.getByRole('progressbar', { name: 'Loading' }).waitFor({ state: 'detached' });
        const name = await tab.innerText();
        found.push(...(await emptyBelowContent(page, 'main .MuiCard-root', 24)).map((e) => `${name}: ${e}`));
      }
      expect(found).toEqual([]);
      await page.context().close();
    });
  }
});
