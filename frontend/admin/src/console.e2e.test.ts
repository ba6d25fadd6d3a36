import { readFileSync } from 'node:fs';
import { Worker } from 'bullmq';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../testing/browser';
import { poll } from '../../../testing/keyboard';
import { createUser, type CreatedUser } from '../../../testing/users';
import { createQueueRedis } from '../../../backend/src/infra/redis';
import { createMailchimpSyncJob } from '../../../worker/src/jobs/mailchimpSync';

/**
 * The admin console in Chromium against the real API serving the built bundles: find a user,
 * lock them (their open session is refused at once), see the lock in their history with the
 * admin's name, reset their password, export CSV, run a Mailchimp sync (demo adapter, real
 * BullMQ worker) and watch it finish, open the dashboard with charts. A partner never gets the
 * console bundle.
 */
let e2e: E2eApp;
let admin: CreatedUser;
let target: CreatedUser;
let partner: CreatedUser;
let worker: Worker;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  e2e = await startE2eApp();
  const { app } = e2e;
  admin = await createUser(app, {
    admin: true,
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'ada@example.test',
  });
  target = await createUser(app, {
    firstName: 'Tina',
    lastName: 'Target',
    email: 'tina.target@example.test',
    sponsorId: admin.id,
  });
  partner = await createUser(app, { firstName: 'Pat', lastName: 'Partner', email: 'pat@example.test' });
  for (let i = 0; i < 5; i++) await createUser(app, { firstName: 'Other', lastName: `Person ${i}` });
  // the mailing list says Tina subscribed; the portal does not know yet
  await app.deps.db('newsletter_demo_members').insert({
    email_lower: 'tina.target@example.test',
    email: 'tina.target@example.test',
    status: 'subscribed',
  });
  // a real worker for the mailchimp queue, like worker/src/main.ts runs
  const job = createMailchimpSyncJob();
  worker = new Worker('mailchimp', (j) => job.process(j as never, app.deps), {
    connection: createQueueRedis(app.deps.config.REDIS_URL),
    prefix: `${app.deps.config.REDIS_PREFIX}bull`,
  });
  context = await e2e.signedInContext(admin.client);
  page = await context.newPage();
});

afterAll(async () => {
  await worker?.close();
  await e2e?.close();
});

describe('admin console', () => {
  it('finds a user by search and locks them; their open session is refused and the history names the admin', async () => {
    const asked: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (r.url().includes('/api/')) asked.push(new URL(r.url()).pathname);
    };
    page.on('request', onRequest);
    const html = await page.goto(`${e2e.app.url}/admin/`);
    await page.getByTestId('users-grid').getByText('tina.target@example.test').waitFor();
    // the first screen's answers (the session, the list's first page) came with the HTML,
    // which is this admin's own: never stored
    expect(asked).toEqual([]);
    expect(await html?.headerValue('cache-control')).toBe('no-store');
    expect(await html?.headerValue('vary')).toMatch(/Cookie/);
    page.off('request', onRequest);
    // another order: the list is asked for without a Range header, so it comes compressed (issue 14)
    const list = page.waitForResponse((r) => r.url().includes('/api/admin/users?'));
    await page.goto(`${e2e.app.url}/admin/#/users?sort=email&order=ASC`);
    const listAnswer = await list;
    expect(await listAnswer.request().headerValue('range')).toBeNull();
    expect(await listAnswer.headerValue('content-range')).toMatch(/^users 0-\d+\/\d+$/);
    expect(await listAnswer.headerValue('content-encoding')).toMatch(/^(gzip|br|zstd)$/);
    await page.locator('input[name="q"]').fill('tina');
    await page.getByText('tina.target@example.test').waitFor();
    await expect
      .poll(() => page.locator('[data-testid="users-grid"] tbody tr').count(), { timeout: 15_000 })
      .toBe(1);
    await page.getByText('tina.target@example.test').click();
    // locking is asked first: cancelled, nothing changes
    await page.getByTestId('lock-user').click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Lock Tina Target? They are signed out at once').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await target.client.get('/api/me')).status).toBe(200);
    await page.getByTestId('lock-user').click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('unlock-user').waitFor();
    expect((await target.client.get('/api/me')).status).toBe(401);
    // the account's switches stand one under the other, whatever the length of their notes
    const switchLefts = await Promise.all(
      ['Admin', 'Locked', 'Newsletter'].map(async (name) => {
        // the label (the switch's own input moves with its thumb when on)
        const box = await page.locator('label', { has: page.getByRole('switch', { name }) }).boundingBox();
        return box?.x;
      }),
    );
    expect(new Set(switchLefts).size).toBe(1);
    // so is making an admin
    await page.getByTestId('make-admin').click();
    await confirm.getByText('Make Tina Target an admin?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByRole('switch', { name: 'Admin' }).isChecked()).toBe(false);
    const timeline = page.getByTestId('timeline');
    await timeline.getByText('Account locked').waitFor();
    await expect
      .poll(() => timeline.locator('li', { hasText: 'Account locked' }).first().innerText(), {
        timeout: 15_000,
      })
      .toContain('by Ada Admin');
  });

  it('resets the password: the user must change it at next sign-in', async () => {
    await page.getByTestId('unlock-user').click();
    await page.getByTestId('lock-user').waitFor();
    await page.getByTestId('reset-password').click();
    await page.getByTestId('new-password').fill('abcdef');
    await page.getByTestId('confirm-password').fill('abcdeg');
    await page.getByTestId('confirm-reset-password').click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByRole('button', { name: 'Generate password' }).click();
    const temporary = await page.getByTestId('new-password').inputValue();
    expect(temporary).toHaveLength(12);
    expect(await page.getByTestId('confirm-password').inputValue()).toBe(temporary);
    await page.getByTestId('confirm-reset-password').click();
    await page.getByText(/Password reset\. Tina Target must change it/).waitFor();
    const fresh = e2e.app.client();
    expect((await fresh.post('/api/login', { email: target.email, password: temporary })).status).toBe(200);
    expect((await fresh.get('/api/me')).body.mustChangePassword).toBe(true);
    expect((await fresh.get('/api/onboarding-progress')).status).toBe(403);
    await page
      .getByTestId('timeline')
      .getByText('Password reset by an admin; must be changed at next sign-in')
      .waitFor();
  });

  it('exports the filtered list as CSV', async () => {
    await page.goto(`${e2e.app.url}/admin/#/users`);
    await page.locator('input[name="q"]').fill('other');
    await expect
      .poll(() => page.locator('[data-testid="users-grid"] tbody tr').count(), { timeout: 15_000 })
      .toBe(5);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,uid,firstName,lastName,email,/);
    expect(lines).toHaveLength(6);
    expect(lines.slice(1).every((l) => l.includes(',Other,'))).toBe(true);
  });

  it('runs a Mailchimp sync and watches it finish', async () => {
    await page.goto(`${e2e.app.url}/admin/#/sync-runs`);
    await page.getByTestId('run-sync').click();
    await page.getByTestId('run-status-completed').first().waitFor({ timeout: 60_000 });
    const results = page.getByTestId('sync-results').first();
    await expect.poll(() => results.innerText(), { timeout: 15_000 }).toMatch(/Updated\s*1/);
    expect((await e2e.app.deps.db('users').where({ id: target.id }).first()).newsletter).toBe(true);
    await page.getByTestId('sync-results').first().click();
    await page.getByText('tina.target@example.test').waitFor();
    // the run's page is named by its start, not by its id
    const title = await page.locator('#react-admin-title').innerText();
    expect(title).toMatch(/^Mailchimp sync of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
    expect(title).not.toMatch(/#|[0-9a-f]{8}-/);
  });

  it('opens the performance dashboard with non-empty charts', async () => {
    // slow answers this minute (900 ms): the response chart reaches both thresholds
    for (let i = 0; i < 100; i++) e2e.app.deps.requestStats.recordRequest(900, 200);
    await e2e.app.deps.requestStats.flush();
    await page.goto(`${e2e.app.url}/admin/#/performance`);
    await page.getByRole('heading', { name: 'Performance Dashboard', level: 1 }).waitFor();
    await page.getByText('Real-time system monitoring and performance metrics').waitFor();
    const health = page.getByTestId('health-panel');
    await health.getByText('demo adapter', { exact: true }).first().waitFor();
    // the Academy's content sources are in the panel too, named as demo while no credentials are set
    await health
      .getByText('No YouTube playlist set: partners see the bundled demo replays (open films)')
      .waitFor();
    await health.getByText('No Drive folder set: partners see the bundled demo files').waitFor();
    // no seed here, as in a new deployment: the three live calls have no join link yet
    await health.getByText('3 calls without a join link: set them under Live calls').waitFor();
    await health.getByText('Join links missing').waitFor();
    const line = page.locator('[data-testid="chart-response"] path.recharts-line-curve').first();
    await line.waitFor();
    expect((await line.getAttribute('d'))?.length ?? 0).toBeGreaterThan(20);
    // its dashed thresholds, in the colours of P95 and P99, say what they are
    const labels = page.getByTestId('chart-response').locator('.recharts-label');
    await poll(() => labels.allTextContents()).toEqual(['Warning above 200 ms', 'Critical above 500 ms']);
    const area = page.locator('[data-testid="chart-traffic"] path.recharts-area-area').first();
    await area.waitFor();
    expect((await area.getAttribute('d'))?.length ?? 0).toBeGreaterThan(20);
    // legends and tooltips list the series in the chart's order, not alphabetically
    const traffic = page.getByTestId('chart-traffic');
    expect(await traffic.locator('.recharts-legend-item-text').allInnerTexts()).toEqual([
      'Requests',
      'Errors',
    ]);
    await traffic.locator('.recharts-cartesian-grid').scrollIntoViewIfNeeded();
    const plot = (await traffic.locator('.recharts-cartesian-grid').boundingBox())!;
    await page.mouse.move(plot.x + plot.width - 4, plot.y + plot.height / 2);
    const tip = traffic.locator('.recharts-tooltip-item-name');
    await tip.first().waitFor();
    expect(await tip.allInnerTexts()).toEqual(['Requests', 'Errors']);
    await page.mouse.move(0, 0);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByTestId('training-progress').getByText('Step 5').waitFor();
    await page.getByRole('tab', { name: 'Real-time' }).click();
    await page.getByTestId('realtime-trend').locator('text=/\\d+(\\.\\d+)?\\sms/').first().waitFor();
  });

  it('switches its language from the app bar; the menu exists only while open, and the choice stays after a reload', async () => {
    const ctx = await e2e.signedInContext(admin.client);
    const p = await ctx.newPage();
    await p.goto(`${e2e.app.url}/admin/#/users`);
    const languageButton = p.getByRole('button', { name: 'English' });
    await languageButton.waitFor();
    await p.getByRole('menuitem', { name: 'Users' }).waitFor();
    // closed, the language menu is not in the page (react-admin's kept it mounted, hidden)
    const languageItems = p.locator('[role="menuitem"]', { hasText: /^Español$/ });
    expect(await languageItems.count()).toBe(0);
    await languageButton.click();
    const choice = p.getByRole('menuitem', { name: 'Español' });
    expect(await choice.getAttribute('lang')).toBe('es');
    await choice.click();
    await p.getByRole('menuitem', { name: 'Usuarios' }).waitFor();
    await p.getByRole('button', { name: 'Español' }).waitFor();
    await languageItems.first().waitFor({ state: 'detached' });
    expect(await p.evaluate(() => document.documentElement.lang)).toBe('es');
    await p.reload();
    await p.getByRole('menuitem', { name: 'Usuarios' }).waitFor();
    await p.getByRole('button', { name: 'Español' }).waitFor();
    await ctx.close();
  });

  it('on a phone, lists every user of the page (its rows are mounted a few at a time)', async () => {
    for (let i = 0; i < 15; i++) await createUser(e2e.app, { firstName: 'Row', lastName: `Person ${i}` });
    // how many users the console's first page holds, as the API counts them
    const range = encodeURIComponent(JSON.stringify([0, 49]));
    const page1 = await admin.client.get(`/api/admin/users?range=${range}`);
    const users = Number(/\/(\d+)$/.exec(page1.headers.get('content-range') ?? '')?.[1]);
    expect(users).toBeGreaterThan(20); // more than two steps of rows, fewer than a page (50)
    const ctx = await e2e.signedInContext(admin.client, { viewport: { width: 390, height: 844 } });
    const p = await ctx.newPage();
    await p.goto(`${e2e.app.url}/admin/#/users`);
    const rows = p.getByTestId('users-list').locator('li');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(users);
    await ctx.close();
  });

  it('never sends the console to a partner, who sees Access Denied', async () => {
    const ctx = await e2e.signedInContext(partner.client);
    const p = await ctx.newPage();
    const adminAssets: string[] = [];
    p.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/admin/assets/')) adminAssets.push(r.url());
    });
    const res = await p.goto(`${e2e.app.url}/admin/`);
    expect(await res!.text()).not.toContain('Admin console');
    await p.getByText('Access Denied').waitFor();
    await p.getByText('You need admin privileges to access this page.').waitFor();
    await p.waitForURL(/\/dashboard$/);
    expect(adminAssets).toEqual([]);
    // asking for a console file directly gives the partner app, not the console code
    const html = await page.evaluate(() =>
      document.querySelector('script[type="module"]')?.getAttribute('src'),
    );
    const direct = await p.request.get(`${e2e.app.url}${html}`);
    expect(direct.headers()['content-type']).toMatch(/text\/html/);
    expect((await p.request.get(`${e2e.app.url}/api/admin/users`)).status()).toBe(403);
    await ctx.close();
  });
});
