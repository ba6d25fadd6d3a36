import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openedDialog, startE2eApp, type E2eApp } from '../../../../../testing/browser';
import { createUser, nextSecondFactor } from '../../../../../testing/users';

// Settings: a partner turns on two-step verification with an authenticator app, keeps the
// recovery codes (copied in one press), and signs in with a code next time (issue 13), in Chromium.
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2eApp();
});
afterAll(async () => {
  await e2e?.close();
});

/** A code the app would show now for the key the page shows (in groups of four). */
function codeFor(key: string): string {
  const answer = nextSecondFactor({ secret: key.replace(/\s+/g, ''), recoveryCodes: [] });
  if (!('code' in answer)) throw new Error('expected a code');
  return answer.code;
}

describe('two-step verification in Settings', () => {
  it('set up with the key shown, the recovery codes copied at once, and asked for at the next sign-in', async () => {
    const user = await createUser(e2e.app, { firstName: 'Tess' });
    const context = await e2e.signedInContext(user.client);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.app.url });
    const page = await context.newPage();
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Set up' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up two-step verification' });
    await openedDialog(setup);
    const key = (await setup.locator('code').first().textContent())!;
    await setup.getByLabel('2. Enter the 6-digit code the app shows').fill(codeFor(key));
    await setup.getByRole('button', { name: 'Confirm' }).click();

    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await openedDialog(saved);
    const shown = (await saved.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(shown.length).toBeGreaterThanOrEqual(8);
    await saved.getByRole('button', { name: 'Copy codes' }).click();
    await saved.getByRole('button', { name: 'Copied' }).waitFor();
    if (process.env.SCREENSHOT_DIR) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/settings-recovery-codes-phone.png` });
    }
    expect((await page.evaluate(() => navigator.clipboard.readText())).split('\n')).toEqual(shown);
    await saved.getByRole('button', { name: 'I saved them' }).click();
    await saved.waitFor({ state: 'hidden' });

    // the next sign-in asks for a code; one of the copied recovery codes lets the partner in
    const next = e2e.app.client();
    expect((await next.post('/api/login', { email: user.email, password: user.password })).status).toBe(200);
    expect((await next.get('/api/onboarding-progress')).status).toBe(403);
    expect((await next.post('/api/second-factor/recover', { recoveryCode: shown[0] })).status).toBe(200);
    expect((await next.get('/api/onboarding-progress')).status).toBe(200);
  });
});
