import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../../../testing/browser';
import { createUser } from '../../../../../testing/users';
import { finishFoundation } from '../../../../../testing/progress';
import { pauseClock, tickUntil } from '../../../../../testing/pageClock';
import { TOUR_ANCHORS } from './tutorial';

/**
 * The tour's spotlight padding (10) and scroll offset (120), spec 001 section 9, measured on the
 * page: the spotlight's box against the highlighted card, and the card's top once the tour has
 * scrolled to it. The page's clock is held still and moved on by the test
 * (`testing/pageClock.ts`), so joyride's scroll motion has ended when the page is measured.
 */
let e2e: E2eApp;
beforeAll(async () => {
  e2e = await startE2eApp();
});
afterAll(async () => {
  await e2e?.close();
});

/** the spec's figures, written out: a change of the tour's constants must show on the page */
const PADDING = 10;
const OFFSET = 120;

interface Measure {
  card: DOMRect;
  spotlight: DOMRect;
  /** how far the page can scroll, and where the card's top would need it */
  maxScroll: number;
  wantedScroll: number;
}

/** The highlighted card and the spotlight's cut-out (joyride's second path in its overlay). */
const measure = (page: Page, anchor: string): Promise<Measure> =>
  page.evaluate((a) => {
    const card = document.querySelector(`[data-tour="${a}"]`)!.getBoundingClientRect();
    const spotlight = document.querySelectorAll('.react-joyride__spotlight path')[1]!.getBoundingClientRect();
    const root = document.scrollingElement!;
    return {
      card: card.toJSON() as DOMRect,
      spotlight: spotlight.toJSON() as DOMRect,
      maxScroll: root.scrollHeight - root.clientHeight,
      wantedScroll: card.top + root.scrollTop - 120,
    };
  }, anchor);

const stepShown = (page: Page, index: number) => async () =>
  (await page.locator(`.react-joyride__tooltip[data-joyride-step="${index}"]`).count()) > 0 &&
  (await page.locator('.react-joyride__spotlight path').count()) > 1;

describe.each([
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a desktop', viewport: { width: 1280, height: 800 } },
])('the Academy tour on $name', ({ viewport }) => {
  it('draws the spotlight 10 px around each card and scrolls each card to 120 px from the top', async () => {
    const user = await createUser(e2e.app);
    await finishFoundation(e2e.app, user.id);
    const page = await e2e.newPage({ viewport });
    const res = await page.request.post('/api/login', {
      data: { email: user.email, password: user.password },
    });
    expect(res.status()).toBe(200);
    await pauseClock(page);
    await page.goto('/academy');
    const start = page.getByTestId('start-tour');
    await tickUntil(
      page,
      async () => (await page.locator('.hub-card').count()) > 0 && (await start.count()) > 0,
    );
    // the hub's late parts (the Advanced Academy links) are in place, as a person reading it first sees
    await page.clock.runFor(500);
    await start.click();

    let scrolledTo = 0;
    for (const [index, anchor] of TOUR_ANCHORS.entries()) {
      await tickUntil(page, stepShown(page, index));
      await page.clock.runFor(1000); // joyride's scroll (300 ms) and the spotlight's fade are over
      const { card, spotlight, maxScroll, wantedScroll } = await measure(page, anchor);
      // joyride rounds its box to whole pixels: each edge within 1 px of the card's, 10 px out
      const gaps = {
        left: card.left - spotlight.left,
        top: card.top - spotlight.top,
        right: spotlight.right - card.right,
        bottom: spotlight.bottom - card.bottom,
      };
      for (const [edge, gap] of Object.entries(gaps)) {
        expect(Math.abs(gap - PADDING), `${anchor} ${edge}: ${gap} px`).toBeLessThanOrEqual(1);
      }
      // where the page is long enough to bring the card there
      if (wantedScroll > 0 && wantedScroll <= maxScroll) {
        expect(Math.abs(card.top - OFFSET), `${anchor} top: ${card.top} px`).toBeLessThanOrEqual(1);
        scrolledTo += 1;
      }
      if (index < TOUR_ANCHORS.length - 1) {
        await page.locator('.react-joyride__tooltip').getByRole('button', { name: /^Next/ }).click();
      }
    }
    // most cards are measured after a scroll, not just left where they were
    expect(scrolledTo).toBeGreaterThanOrEqual(3);
    await page.close();
  });
});
