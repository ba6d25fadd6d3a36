import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../testing/browser';
import { emptyBelowContent } from '../../../testing/layout';

/**
 * The cards of the performance dashboard and of the system metrics are as tall as what they hold
 * (or as their row's tallest): a card once took 420 px (320 on the metrics page) of height
 * whatever it held (a flex size meant for a row of cards, in a column), leaving a band of empty
 * card under a chart or a table.
 */
const setup = setUpConsoleE2e();
const CARDS = 'main .MuiCard-root';
const SLACK_PX = 24;

describe('console cards', () => {
  for (const width of [1280, 1024, 390]) {
    it(`no card ends in an empty band: every performance tab and the system metrics, ${width} px wide`, async () => {
      const page = await setup.consolePage();
      await page.setViewportSize({ width, height: 900 });
      const loaded = () => page.getByRole('progressbar', { name: 'Loading' }).waitFor({ state: 'detached' });
      const found: string[] = [];

      await page.goto(`${setup.e2e.app.url}/admin/#/performance`);
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      for (const tab of await tabs.all()) {
        await tab.click();
        await page.locator(CARDS).first().waitFor();
        await loaded();
        const name = await tab.innerText();
        found.push(...(await emptyBelowContent(page, CARDS, SLACK_PX)).map((e) => `${name}: ${e}`));
      }

      await page.goto(`${setup.e2e.app.url}/admin/#/system-metrics`);
      await page.getByRole('heading', { name: 'Queues' }).waitFor();
      found.push(...(await emptyBelowContent(page, CARDS, SLACK_PX)).map((e) => `system metrics: ${e}`));

      expect(found).toEqual([]);
      await page.context().close();
    });
  }
});
