import type { Worker } from 'bullmq';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, openedDialog, startE2eApp } from '../../../../../testing/browser';
import { type LoopbackSmtp, startLoopbackSmtp } from '../../../../../testing/smtp';
import { createUser } from '../../../../../testing/users';
import { startWorkers } from '../../../../../worker/src/runWorkers';
import { passwordResetMailJob } from '../../../../../worker/src/jobs/mail';

// The whole forgotten-password flow in Chromium: the login dialog's link, the request page, the
// e-mail read from a loopback SMTP server (sent by the worker's job), the new-password page, and
// signing in with the new password; then the partner's language reaching the server.
let e2e: E2eApp;
let smtp: LoopbackSmtp;
let workers: Worker[];
const PUBLIC_URL = 'http://portal.example.test';

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  e2e = await startE2eApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  workers = startWorkers(e2e.app.deps, [passwordResetMailJob as never]);
}, 120_000);
afterAll(async () => {
  await Promise.all((workers ?? []).map((w) => w.close()));
  await e2e?.close();
  await smtp?.close();
});

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) {
    await page.waitForTimeout(500); // animations settle, for the picture only
    await page.screenshot({ path: `${process.env.SHOTS}/${name}.png` });
  }
};

/** The link of the mail, opened on the test server (PUBLIC_URL names the real deployment). */
const onTestServer = (link: string) => {
  const url = new URL(link);
  expect(url.origin).toBe(PUBLIC_URL);
  return `${url.pathname}${url.hash}`;
};

describe('forgot password', () => {
  it('from the login dialog to signing in with the new password', async () => {
    const user = await createUser(e2e.app, { firstName: 'Lucía' });
    await user.client.post('/api/preferred-language', { language: 'es' });
    const page = await e2e.newPage();
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: /Training Login/ });
    await openedDialog(dialog);
    await shot(page, 'login-forgot-link');
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    // the login dialog stays in the document, hidden: the page's own field
    const form = page.getByRole('region', { name: 'Forgot your password?' });
    await form.getByLabel('Email').fill(user.email);
    await shot(page, 'forgot-password');
    await page.getByRole('button', { name: 'SEND THE LINK' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await page.getByRole('status').textContent()).toContain(user.email);
    await shot(page, 'forgot-password-sent');

    const [mail] = await smtp.messagesFor(user.email);
    expect(mail.subject).toBe('Crea una nueva contraseña para Training Academy');
    const link = /https?:\/\/\S+\/new-password#token=\S+/.exec(mail.text)![0];
    await page.goto(onTestServer(link));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByLabel('Confirm new password').fill('password123');
    await page.getByRole('button', { name: 'SET THE NEW PASSWORD' }).click();
    await page.getByText('This password is one of the most commonly used ones').first().waitFor();
    await shot(page, 'new-password-common');
    await page.getByLabel('New password', { exact: true }).fill('Lucia-New-Secret-2026');
    await page.getByLabel('Confirm new password').fill('Lucia-New-Secret-2026');
    await page.getByRole('button', { name: 'SET THE NEW PASSWORD' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await shot(page, 'new-password-done');
    expect((await user.client.get('/api/me')).status).toBe(401);

    await page
      .getByRole('region', { name: 'Password changed' })
      .getByRole('button', { name: 'SIGN IN' })
      .click();
    await openedDialog(dialog);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Password', { exact: true }).fill('Lucia-New-Secret-2026');
    await dialog.getByRole('button', { name: 'SIGN IN' }).click();
    await page.waitForURL((url) => url.pathname === '/foundation', { timeout: 60_000 });

    // the link works once
    const again = await e2e.newPage();
    await again.goto(onTestServer(link));
    await again.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await again.getByLabel('New password', { exact: true }).fill('Another-Secret-2026');
    await again.getByLabel('Confirm new password').fill('Another-Secret-2026');
    await again.getByRole('button', { name: 'SET THE NEW PASSWORD' }).click();
    await again.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await shot(again, 'new-password-used');
  }, 180_000);

  it('a broken link says so at once; the page and the mail follow the language', async () => {
    const page = await e2e.newPage({ locale: 'fr-FR' });
    await page.goto('/new-password#token=nothing');
    await page.getByRole('heading', { name: 'Ce lien ne fonctionne pas' }).waitFor();
    await page.getByRole('button', { name: 'Demander un nouveau lien' }).click();
    await page.getByRole('heading', { name: 'Mot de passe oublié ?' }).waitFor();
    await shot(page, 'forgot-password-fr');
    // an account with no language yet gets the mail in the language of the page that asked
    const user = await createUser(e2e.app, { firstName: 'Noé' });
    expect((await user.client.get('/api/me')).body.preferredLanguage ?? null).toBeNull();
    const form = page.getByRole('region', { name: 'Mot de passe oublié ?' });
    await form.getByLabel('E-mail').fill(user.email);
    await page.getByRole('button', { name: 'ENVOYER LE LIEN' }).click();
    await page.getByRole('heading', { name: 'Consultez votre boîte de réception' }).waitFor();
    const [mail] = await smtp.messagesFor(user.email);
    expect([mail.language, mail.subject]).toEqual([
      'fr',
      'Choisissez un nouveau mot de passe pour Training Academy',
    ]);
  }, 120_000);

  it('tells the server the language of a partner who signs in without one, and each change', async () => {
    const user = await createUser(e2e.app);
    const context = await e2e.signedInContext(user.client, { locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/foundation');
    const language = async () => (await user.client.get('/api/me')).body.preferredLanguage;
    await expect.poll(language, { timeout: 30_000 }).toBe('fr');
    await page
      .getByRole('button', { name: /Choisir la langue/ })
      .first()
      .click();
    await page.getByRole('menuitemradio', { name: /Español/ }).click();
    await expect.poll(language, { timeout: 30_000 }).toBe('es');
  }, 120_000);
});
