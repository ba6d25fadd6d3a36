import { beforeAll, describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../testing/browser';
import { seedDemoData } from '../../../backend/src/demo/seed';

/**
 * The console on a tablet (768 px, upright): the menu opens as a rail of its icons, so a list
 * has the width for its columns instead of scrolling them sideways in its card; the menu opens
 * whole from the app bar's button, and stays as the admin left it.
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  await seedDemoData(setup.e2e.app.deps);
});

const lists = ['users', 'audit', 'sync-runs', 'mail-outbox', 'testimonials', 'live-calls'];

describe('console lists on a tablet', () => {
  it('every list fits the width with the menu as a rail of icons; the menu opens whole on request', async () => {
    const context = await setup.e2e.signedInContext(setup.admin.client, {
      viewport: { width: 768, height: 1024 },
    });
    const page = await context.newPage();
    const sideways: string[] = [];
    for (const path of lists) {
      await page.goto(`${setup.e2e.app.url}/admin/#/${path}`);
      await page.locator('.RaList-content').waitFor({ timeout: 60_000 });
      await page
        .getByRole('progressbar')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      const over = await page.evaluate(() =>
        [...document.querySelectorAll('.RaDatagrid-tableWrapper, .RaList-content')].map(
          (el) => el.scrollWidth - el.clientWidth,
        ),
      );
      if (over.some((px) => px > 1)) sideways.push(`${path}: ${over.join(', ')} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-${path}-tablet.png` });
    }
    expect(sideways).toEqual([]);

    // the menu: a rail of icons (their names for screen readers and as tooltips), opened whole
    // from the app bar's button, and kept open on the next visit
    const users = page.getByRole('menuitem', { name: 'Users' });
    const width = async () => (await page.locator('.RaSidebar-fixed').boundingBox())!.width;
    expect(await width()).toBeLessThan(80);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(width).toBeGreaterThan(200);
    expect(await users.isVisible()).toBe(true);
    await page.reload();
    await page.locator('.RaList-content').waitFor({ timeout: 60_000 });
    await expect.poll(width).toBeGreaterThan(200);
    await context.close();
  });
});
