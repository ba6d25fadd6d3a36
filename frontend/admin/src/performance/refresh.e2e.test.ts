import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import {
  aroundDelay,
  countRequests,
  pauseClock,
  settle,
  STEP_MS,
  tickUntil,
} from '../../../../testing/pageClock';

/**
 * The console's refresh times (spec 001 section 9) on the page's own clock
 * (`testing/pageClock.ts`): figures every 30 s, the history every 60 s, a real-time sample
 * every 5 s of which the trend shows the last 10.
 */
const setup = setUpConsoleE2e();

describe('console refresh times', () => {
  it('the performance dashboard reads its figures every 30 s, its history every 60 s and a sample every 5 s', async () => {
    const page = await setup.consolePage();
    await pauseClock(page);
    const figures = countRequests(page, (p) => p.endsWith('/performance-dashboard'));
    const history = countRequests(page, (p) => p.endsWith('/performance-history'));
    const samples = countRequests(page, (p) => p.endsWith('/realtime-sample'));
    await page.goto(`${setup.e2e.app.url}/admin/#/performance`);
    await tickUntil(page, async () => (await page.getByText('Performance Dashboard').count()) > 0);
    expect([figures(), history(), samples()]).toEqual([1, 1, 1]);

    // page time since the dashboard mounted; `aroundDelay` ends 10 ms past the time it is given
    let now = 0;
    const around = async (ms: number, notYet: () => void) => {
      await aroundDelay(page, ms - now, notYet);
      now = ms + 2 * STEP_MS;
    };
    await around(5_000, () => expect(samples()).toBe(1));
    await settle(page, async () => samples() === 2);
    await around(30_000, () => expect(figures()).toBe(1));
    await settle(page, async () => figures() === 2);
    await around(60_000, () => expect(history()).toBe(1));
    await settle(page, async () => history() === 2);
    // a minute of samples: 13 taken, the trend shows the last 10
    expect(samples()).toBe(13);
    await page.getByRole('tab', { name: 'Real-time' }).click();
    await tickUntil(page, async () => (await page.getByTestId('realtime-trend').count()) > 0);
    await expect
      .poll(() => page.getByTestId('realtime-trend').locator('text=/\\d+(\\.\\d+)?\\sms/').count())
      .toBe(10);
    await page.context().close();
  });

  it('the system metrics page reads them again every 30 s', async () => {
    const page = await setup.consolePage();
    await pauseClock(page);
    const metrics = countRequests(page, (p) => p.endsWith('/system-metrics'));
    await page.goto(`${setup.e2e.app.url}/admin/#/system-metrics`);
    await tickUntil(page, async () => metrics() > 0);
    expect(metrics()).toBe(1);
    await aroundDelay(page, 30_000, () => expect(metrics()).toBe(1));
    await settle(page, async () => metrics() === 2);
    await page.context().close();
  });
  it("a page's first visit shows it as soon as its code is there (no React.lazy wait)", async () => {
    const page = await setup.consolePage();
    await pauseClock(page);
    await page.goto(`${setup.e2e.app.url}/admin/#/users`);
    await tickUntil(page, async () => (await page.getByTestId('users-grid').count()) > 0);
    await page.locator('a[href="#/performance"]').first().click();
    // the chunk's download and run take no page time; React's lazy took 300 ms more
    expect(
      await tickUntil(page, async () => (await page.getByText('Performance Dashboard').count()) > 0),
    ).toBeLessThanOrEqual(50);
    await page.context().close();
  });
});
