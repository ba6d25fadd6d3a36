import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../../../testing/browser';
import { createUser } from '../../../../../testing/users';
import { demoLiveCalls, seedAcademyContent } from '../../../../../backend/src/demo/academy';
import { contentCommand } from '../../../../../backend/src/features/content/command';

let e2e: E2eApp;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  e2e = await startE2eApp();
  await seedAcademyContent(e2e.app.deps);
});
afterAll(async () => {
  await e2e?.close();
});

describe('live calls', () => {
  it('counts down in the visitor’s zone, warns within the hour, turns to "Call in progress", and links calendars', async () => {
    const user = await createUser(e2e.app);
    // a visitor in Los Angeles, 30 minutes before Tuesday's 8 PM (New York) call, days after the November change
    const context = await e2e.browser.newContext({
      baseURL: e2e.app.url,
      locale: 'en-US',
      timezoneId: 'America/Los_Angeles',
      viewport: { width: 1280, height: 900 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.app.url });
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-11-10T19:30:00-05:00') });
    await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
    await page.goto('/live-calls');

    const partner = page.locator('[data-call="partner-training"]');
    await partner.waitFor();
    expect(await page.locator('.call-card h2').allTextContents()).toEqual([
      'Partner Training',
      'Science Call',
      'Monthly Team Training',
    ]);
    expect(await partner.innerText()).toContain('Every Tuesday at 8:00 PM Eastern Time');
    // 8 PM in New York is 5 PM in Los Angeles
    expect(await partner.locator('.call-local').innerText()).toContain('Tuesday, November 10 at 5:00 PM PST');
    expect(await partner.locator('.call-countdown').innerText()).toMatch(
      /^00\s*h\s*(29\s*m|30\s*m\s*00\s*s)/,
    );
    // said in words, each unit agreeing with its number, without "0 days"
    expect(await partner.locator('.call-countdown').getAttribute('aria-label')).toMatch(
      /^0 hours (29 minutes \d+ seconds?|30 minutes 0 seconds)$/,
    );
    const monthly = page.locator('[data-call="monthly-team-training"]');
    expect(await monthly.innerText()).toContain('Third Monday of the month at 9:00 PM Eastern Time');
    expect(await monthly.innerText()).toContain('Hosted by Sarah Mitchell');
    expect(await monthly.locator('.call-local').innerText()).toContain('Monday, November 16 at 6:00 PM PST');
    // the three cards side by side: their Join buttons line up, the Science Call's too (no passcode line)
    const joins = await page
      .locator('.call-join')
      .evaluateAll((els) =>
        els.map((el) => ({ top: el.getBoundingClientRect().top, bottom: el.getBoundingClientRect().bottom })),
      );
    const spread = (edges: number[]) => Math.max(...edges) - Math.min(...edges);
    expect(joins).toHaveLength(3);
    expect(spread(joins.map((r) => r.top))).toBeLessThan(1);
    expect(spread(joins.map((r) => r.bottom))).toBeLessThan(1);

    // the upcoming banner: only the call within the next hour, with its passcode and a join button
    const banner = page.locator('.call-banner');
    expect(await banner.count()).toBe(1);
    expect(await banner.innerText()).toContain('Partner Training is starting soon');
    expect(await banner.innerText()).toContain('Passcode: grow2026');
    expect(await banner.getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe(
      'https://zoom.us/j/81234567890',
    );
    expect(
      await partner.getByRole('link', { name: /^Join call\s*Passcode: grow2026$/ }).getAttribute('target'),
    ).toBe('_blank');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-calls-soon.png`, fullPage: true });

    // calendar links: New York wall time with its zone; Google's with the recurrence
    const google = new URL(
      (await partner.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!,
    );
    expect(google.searchParams.get('dates')).toBe('20261110T200000/20261110T210000');
    expect(google.searchParams.get('ctz')).toBe('America/New_York');
    expect(google.searchParams.get('recur')).toBe('RRULE:FREQ=WEEKLY;BYDAY=TU');
    const yahoo = new URL(
      (await partner.getByRole('link', { name: /Yahoo Calendar/ }).getAttribute('href'))!,
    );
    expect(yahoo.searchParams.get('st')).toBe('20261111T010000Z');
    expect((await monthly.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!).toContain(
      encodeURIComponent('BYDAY=3MO'),
    );

    // the clock ticks every second; once the start has passed the call is in progress
    await page.clock.runFor(31 * 60_000);
    await poll(() => partner.locator('.call-when').innerText()).toContain('Call in progress');
    // now the 9 PM Science Call is the one within the hour
    await poll(() => banner.allInnerTexts()).toEqual([
      expect.stringContaining('Science Call is starting soon'),
    ]);

    // the personal calendar feed: a webcal link, and an https link to copy that a calendar app can fetch without our cookie
    const feed = await page.getByRole('link', { name: 'Subscribe in my calendar' }).getAttribute('href');
    expect(feed).toMatch(/^webcal:\/\/127\.0\.0\.1:\d+\/api\/live-calls\.ics\?token=/);
    await page.getByRole('button', { name: 'Copy feed link' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(feed!.replace(/^webcal:/, 'http:'));
    await context.close();
    const calendarApp = await fetch(copied);
    expect(calendarApp.status).toBe(200);
    expect(calendarApp.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await calendarApp.text()).toContain('RRULE:FREQ=MONTHLY;BYDAY=3MO');
  });

  it('shows the page in Spanish with the schedule in Spanish', async () => {
    const user = await createUser(e2e.app);
    const context = await e2e.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
    await page.goto('/live-calls');
    await page.getByRole('heading', { name: 'Llamadas de formación en vivo' }).waitFor();
    expect(await page.locator('.call-card h2').allTextContents()).toEqual([
      'Formación de Socios',
      'Llamada Científica',
      'Formación Mensual del Equipo',
    ]);
    expect(await page.locator('[data-call="monthly-team-training"] .call-schedule').innerText()).toContain(
      'Tercer lunes del mes',
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-calls-es.png`, fullPage: true });
    await context.close();
  });

  it('a call without a join link yet shows a note instead of the Join buttons (in French)', async () => {
    // as in a new deployment before an admin set the link: the Science Call has none
    const {
      callId,
      position: _p,
      icon: _i,
      ...science
    } = demoLiveCalls().find((c) => c.callId === 'science-call')!;
    const setLink = (zoomLink: string | null) =>
      contentCommand(
        e2e.app.deps,
        { type: 'EditLiveCall', callId, call: { ...science, zoomLink } },
        { actorId: null, correlationId: `e2e-${callId}` },
      );
    await setLink(null);
    try {
      const user = await createUser(e2e.app);
      const context = await e2e.browser.newContext({
        baseURL: e2e.app.url,
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      // 30 minutes before Tuesday's 9 PM (New York) Science Call: its upcoming banner shows too
      await page.clock.install({ time: new Date('2026-11-10T20:30:00-05:00') });
      await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
      await page.goto('/live-calls');
      const card = page.locator('[data-call="science-call"]');
      await card.waitFor();
      const note = 'Le lien pour rejoindre l’appel sera publié ici avant l’appel.';
      expect((await card.locator('.call-link-later').innerText()).trim()).toBe(note);
      expect(await card.getByRole('link', { name: /Rejoindre/ }).count()).toBe(0);
      // schedule, countdown and calendars as for any call
      expect(await card.locator('.call-schedule').innerText()).toContain('mardi');
      expect(await card.locator('.call-countdown').innerText()).toMatch(/^00\s*h\s*(29\s*m|30\s*m\s*00\s*s)/);
      const google = new URL((await card.getByRole('link', { name: /Google/ }).getAttribute('href'))!);
      expect(google.searchParams.get('details')).not.toMatch(/zoom|Code d.accès/);
      // the banner: the note in place of "Rejoindre maintenant"
      const banner = page.locator('.call-banner').filter({ hasText: 'Appel scientifique' });
      expect(await banner.innerText()).toContain(note);
      expect(await banner.getByRole('link').count()).toBe(0);
      // the calls that have a link keep their Join button
      expect(
        await page
          .locator('[data-call="partner-training"]')
          .getByRole('link', { name: /^Rejoindre l’appel/ })
          .count(),
      ).toBe(1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-calls-no-link-fr.png`, fullPage: true });
      await context.close();
    } finally {
      await setLink(science.zoomLink);
    }
  });
});
