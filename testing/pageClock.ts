import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A page's clock held still by Playwright's fake clock and moved on by the test, for the spec's
 * delays and refresh times. The clock moves only while no request of the page is waiting for
 * its answer, so neither the machine's speed nor the network changes what a test measures.
 */

/** Each paused page's requests without an answer yet, and how many have been answered. */
const network = new WeakMap<Page, { pending: Set<unknown>; answered: number; seen: number }>();

/** Holds `page`'s clock still (call before its first `goto`). */
export async function pauseClock(page: Page): Promise<void> {
  const state = { pending: new Set<unknown>(), answered: 0, seen: 0 };
  network.set(page, state);
  const answered = (r: unknown) => {
    state.pending.delete(r);
    state.answered += 1;
  };
  page.on('request', (r) => state.pending.add(r));
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  await page.clock.install({ time: new Date('2026-11-10T12:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-10T12:00:01Z'));
}

export const STEP_MS = 5;
const breath = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * Waits, in real time, until no request of the page is waiting for its answer; after new
 * answers, a further 50 ms of real time for the page to run them (a chunk of code is compiled
 * and run after its download has finished).
 */
async function networkQuiet(page: Page) {
  const state = network.get(page)!;
  await expect.poll(() => state.pending.size, { timeout: 30_000, interval: 10 }).toBe(0);
  if (state.answered !== state.seen) {
    state.seen = state.answered;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.evaluate(() => 0);
}

/**
 * Moves the page's clock on in steps of 5 ms until `done` holds, and returns how much page time
 * that took. However long a request takes, it takes no page time.
 */
export async function tickUntil(page: Page, done: () => Promise<boolean>, maxMs = 10_000): Promise<number> {
  for (let spent = 0; spent <= maxMs; spent += STEP_MS) {
    await networkQuiet(page);
    if (await done()) return spent;
    await page.clock.runFor(STEP_MS);
  }
  throw new Error(`not reached within ${maxMs} ms of page time`);
}

/**
 * Lets the page finish what is already due without moving its clock on (timers due now still
 * run, network answers arrive), until `done` holds.
 */
export async function settle(page: Page, done: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 1000; tries += 1) {
    if (await done()) return;
    await page.clock.runFor(0);
    await breath();
  }
  throw new Error('the page did not get there without its clock moving on');
}

/** Moves the page's clock to 10 ms before `ms` from now, checks `notYet`, then 10 ms past it. */
export async function aroundDelay(page: Page, ms: number, notYet: () => Promise<void> | void): Promise<void> {
  await page.clock.runFor(ms - 2 * STEP_MS);
  await notYet();
  await page.clock.runFor(4 * STEP_MS);
}

/** Counts the requests the page makes to `path`, or to a path that `path` accepts (any method). */
export function countRequests(page: Page, path: string | ((pathname: string) => boolean)): () => number {
  const counted = typeof path === 'string' ? (p: string) => p === path : path;
  let n = 0;
  page.on('request', (r) => {
    if (counted(new URL(r.url()).pathname)) n += 1;
  });
  return () => n;
}
