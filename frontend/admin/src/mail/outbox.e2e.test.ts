import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../../testing/browser';
import { waitFor } from '../../../../testing/servers';
import { createUser } from '../../../../testing/users';
import { startWorkers } from '../../../../worker/src/runWorkers';
import { passwordResetMailJob } from '../../../../worker/src/jobs/mail';

/**
 * Without SMTP_URL the console's Outbox shows what would have been sent (issue 18 point 2): the
 * list (to, subject, kind, language, time, beginning) and one message as its recipient sees it.
 */
let e2e: E2eApp;
let workers: Worker[];

beforeAll(async () => {
  e2e = await startE2eApp();
  workers = startWorkers(e2e.app.deps, [passwordResetMailJob as never]);
}, 120_000);
afterAll(async () => {
  await Promise.all((workers ?? []).map((w) => w.close()));
  await e2e?.close();
});

describe('the console outbox', () => {
  it('lists the messages and shows one, in the console language', async () => {
    const admin = await createUser(e2e.app, { admin: true, firstName: 'Ada', lastName: 'Admin' });
    const partner = await createUser(e2e.app, { firstName: 'Chloé' });
    await partner.client.post('/api/preferred-language', { language: 'fr' });
    await e2e.app.client().post('/api/password-reset/request', { email: partner.email });
    await waitFor(
      async () => Boolean(await e2e.app.deps.db('mail_outbox').where({ user_id: partner.id }).first()),
      60_000,
      'the message in the outbox',
    );

    const context = await e2e.signedInContext(admin.client, { viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.app.url}/admin/#/mail-outbox`);
    const row = page.locator('tbody tr', { hasText: partner.email });
    await row.waitFor({ timeout: 60_000 });
    expect(await row.innerText()).toContain('Choisissez un nouveau mot de passe pour Training Academy');
    expect(await row.innerText()).toContain('Forgotten password');
    expect(await row.innerText()).toContain('Kept here, not sent');
    expect(await row.innerText()).toContain('Bonjour Chloé,');
    expect(await row.innerText()).toContain('French');
    await page.getByText('While no mail server is connected, nothing is actually sent').waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/admin-outbox.png` });

    await row.click();
    const text = page.getByTestId('mail-text');
    await text.waitFor({ timeout: 60_000 });
    // the link's token never reaches the console: the server hides it, and the page says so
    expect(await text.innerText()).toContain('/new-password#token=[hidden]');
    expect(await page.getByTestId('links-hidden').innerText()).toContain('are hidden here');
    const html = page.frameLocator('iframe[title="As the recipient sees it"]');
    await html.getByText('Choisir un nouveau mot de passe').waitFor();
    if (process.env.SHOTS)
      await page.screenshot({ path: `${process.env.SHOTS}/admin-outbox-show.png`, fullPage: true });

    // on a phone the facts wrap into lines that each start at the left edge, the link's token
    // wraps inside the text's box, and the language is named
    await page.setViewportSize({ width: 390, height: 844 });
    const fields = page.getByTestId('mail-field');
    expect(await fields.nth(3).innerText()).toContain('French');
    const boxes = await fields.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    const lineStarts = boxes
      .filter((b, i) => i === 0 || b.top > boxes[i - 1].top + 1)
      .map((b) => Math.round(b.left));
    expect(lineStarts.length).toBeGreaterThan(1);
    expect(new Set(lineStarts).size).toBe(1);
    expect(await text.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  }, 180_000);
});
