import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Helpers of the keyboard-only e2e tests: where focus is, and Tab until it is somewhere. */

/** The focused element, as a screen reader would name it: role (or tag) and name. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const labelledBy = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : null) ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      '';
    return `${role}: ${name.replace(/\s+/g, ' ').trim()}`;
  });

/** expect.poll with room for a shared, busy machine (vitest's default gives up after 1 s; no timing is asserted) */
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

/**
 * Presses `key` (Tab, Shift+Tab) until `want` has focus (at most `max` times); every element
 * focused on the way, `want`'s last.
 */
export async function keyTo(page: Page, key: string, want: RegExp, max = 40): Promise<string[]> {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    path.push(now);
    if (want.test(now)) return path;
  }
  throw new Error(`${want} never got focus; on the way: ${path.join(' | ')}`);
}

/** Presses Tab until `want` has focus (at most `max` times); the element focused. */
export const tabTo = async (page: Page, want: RegExp, max = 40): Promise<string> =>
  (await keyTo(page, 'Tab', want, max)).at(-1)!;

/** Presses Shift+Tab until `want` has focus (at most `max` times); the element focused. */
export const shiftTabTo = async (page: Page, want: RegExp, max = 40): Promise<string> =>
  (await keyTo(page, 'Shift+Tab', want, max)).at(-1)!;

/** the order a console language types a date's parts in (its date filters, lib/DateFilterInput.tsx) */
const DATE_ORDER = { en: ['MM', 'DD', 'YYYY'], es: ['DD', 'MM', 'YYYY'], fr: ['DD', 'MM', 'YYYY'] } as const;

/**
 * Types the day `iso` (YYYY-MM-DD) into the empty date field labelled `label`, as the console's
 * `language` writes a date ("11292026" in en, "29112026" in es and fr).
 */
export async function typeDate(page: Page, label: string, iso: string, language: 'en' | 'es' | 'fr' = 'en') {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const parts = { YYYY: year, MM: month, DD: day };
  // its first part (a click elsewhere in the field picks the part under the pointer)
  await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(DATE_ORDER[language].map((part) => parts[part]).join(''));
}
