import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';

/**
 * The history charts' time axes at 768 px (a tablet, the menu beside), in each language and
 * range: each tick says a time or a day the way people write it, the week's ticks its days
 * without the year ("24 nov. 2026, 25 nov. 2026, ..." repeated it on each), and no tick touches
 * the next.
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;

const RANGES = [
  { button: ['1 hour', '1 hora', '1 heure'], range: '1h', tick: /^(\d{1,2}:\d{2}(\s[AP]M)?|\S+\s\S+)$/ },
  {
    button: ['24 hours', '24 horas', '24 heures'],
    range: '24h',
    tick: /^(\d{1,2}:\d{2}(\s[AP]M)?|\S+\s\S+)$/,
  },
  // "Nov 24", "24 nov", "24 nov."
  {
    button: ['7 days', '7 días', '7 jours'],
    range: '7d',
    tick: /^(\p{L}+\.?\s\d{1,2}|\d{1,2}\s\p{L}+\.?)$/u,
  },
] as const;

describe('performance charts time axis', () => {
  for (const [i, locale] of ['en-US', 'es-ES', 'fr-FR'].entries())
    it(`${locale}: each range's ticks read as times or days, no year, none overlapping, at 768 px`, async () => {
      const context = await setup.e2e.signedInContext(setup.admin.client, {
        locale,
        viewport: { width: 768, height: 1000 },
      });
      const page = await context.newPage();
      await page.goto(`${setup.e2e.app.url}/admin/#/performance`);
      const ticks = page
        .getByTestId('chart-traffic')
        .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
      for (const { button, range, tick } of RANGES) {
        await page.getByRole('button', { name: button[i], exact: true }).click();
        await expect.poll(() => ticks.count(), { timeout: 30_000 }).toBeGreaterThan(3);
        // the axis has redrawn for this range: its ticks' texts read as this range's
        await expect
          .poll(async () => (await ticks.allTextContents()).filter((t) => !tick.test(t)), { timeout: 30_000 })
          .toEqual([]);
        const texts = await ticks.allTextContents();
        expect(texts.join(' '), range).not.toMatch(/20\d\d/);
        const boxes = await ticks.evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right };
          }),
        );
        boxes.sort((a, b) => a.left - b.left);
        const touching = boxes.slice(1).filter((b, k) => b.left < boxes[k]!.right + 4);
        expect(touching, `${range}: ${texts.join(' | ')}`).toEqual([]);
        if (SHOTS)
          await page.screenshot({
            path: `${SHOTS}/console-performance-${range}-768-${locale}.png`,
            fullPage: true,
          });
      }
      await context.close();
    });
});
