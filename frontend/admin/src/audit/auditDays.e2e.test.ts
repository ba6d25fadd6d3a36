import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import { typeDate } from '../../../../testing/keyboard';

/**
 * The audit log shows times in the admin's time zone, so its date filters are the admin's days
 * too: an event of this evening in Honolulu (already tomorrow in UTC) or of this morning on
 * Kiritimati (still yesterday in UTC) is found by filtering on the day the list shows it on.
 */
const setup = setUpConsoleE2e();

/** A time zone whose date is not the UTC date right now, and that date (YYYY-MM-DD). */
function zoneOnAnotherDay(now = new Date()) {
  const timezoneId = now.getUTCHours() < 10 ? 'Pacific/Honolulu' : 'Pacific/Kiritimati';
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(now);
  return { timezoneId, day };
}

describe('audit log date filters', () => {
  it("find today's events on the admin's own day, wherever the admin is", async () => {
    const { timezoneId, day } = zoneOnAnotherDay();
    expect(day).not.toBe(new Date().toISOString().slice(0, 10));
    const context = await setup.e2e.signedInContext(setup.admin.client, {
      locale: 'en-US',
      timezoneId,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${setup.e2e.app.url}/admin/#/audit`);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(0);

    await typeDate(page, 'From', day);
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/admin/audit?') && decodeURIComponent(r.url()).includes('"to"'),
    );
    await typeDate(page, 'Until', day);
    const answer = await filtered;
    // the partner's registration of a moment ago is on the list of the admin's today
    expect(((await answer.json()) as { subjectName: string | null }[]).length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('tbody').innerText(), { timeout: 30_000 }).toContain('Pia Partner');
    expect(await page.getByText('No results').count()).toBe(0);
    await context.close();
  });
});
