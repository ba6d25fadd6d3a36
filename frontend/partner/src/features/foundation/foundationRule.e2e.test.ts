import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../../../testing/browser';
import { entries, why } from '../../../../../testing/fixtures/onboarding';
import { createUser, type CreatedUser } from '../../../../../testing/users';

// One foundation rule (steps 1 to 3 and 5 complete, step 4 complete or skipped) and one progress
// figure, the same on /foundation, in the wizard, on /academy, in the sponsor's directory and
// in the console's user list.
let e2e: E2eApp;
let sponsor: CreatedUser;
let admin: CreatedUser;

beforeAll(async () => {
  e2e = await startE2eApp();
  sponsor = await createUser(e2e.app, { firstName: 'Sofia' });
  admin = await createUser(e2e.app, { admin: true });
});
afterAll(async () => {
  await e2e?.close();
});

const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 30_000, interval: 100 });
const ok = (res: { status: number; text: string }) => expect(res.status, res.text).toBe(200);

/** What each place shows for one partner: [foundation page, wizard badge, academy, directory, console]. */
async function figuresOf(page: Page, partner: CreatedUser) {
  await page.goto('/foundation');
  // the ring says the figure once, with its word ("20%" over "complete")
  const foundation = (await page.locator('.fd-hero-progress').innerText()).replace(/\s+/g, ' ').trim();
  await page.goto('/onboarding?step=2');
  const wizard = await page.getByTestId('complete-badge').textContent();
  await page.goto('/academy');
  const academy = await page.locator('.progress-ring').getAttribute('aria-label');
  const pill = await page.locator('.hub-pill').textContent();
  const team = await sponsor.client.get('/api/partners?pageSize=100');
  const listed = team.body.items.find((p: { id: string }) => p.id === partner.id);
  const users = await admin.client.get(
    `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: partner.email }))}`,
  );
  ok(users);
  const row = users.body.find((u: { id: string }) => u.id === partner.id);
  return {
    foundation,
    wizard,
    academy,
    pill: pill?.trim(),
    directory: `${listed.progress.percent}% ${listed.status}`,
    console: `${row.progress}% ${row.status}`,
  };
}

describe('the foundation rule in Chromium', () => {
  it('step 5 submitted first saves the answers, moves to step 1 and does not complete the foundation', async () => {
    const partner = await createUser(e2e.app, { firstName: 'Iris', sponsorId: sponsor.id });
    const page = await (await e2e.signedInContext(partner.client)).newPage();

    await page.goto('/onboarding?step=5');
    // with steps 1 to 4 open, the button saves the answers rather than promising the end of training
    await page.getByRole('button', { name: 'Save answers' }).click();
    await page.getByText('Complete step 1 to finish your foundation and open the Academy.').waitFor();
    await page.waitForURL(/step=1/);
    await eventually(() => page.getByTestId('complete-badge').textContent()).toBe('1 of 5 Complete');

    const progress = (await partner.client.get('/api/onboarding-progress')).body.progress;
    expect(progress).toMatchObject({ step5Completed: true, trainingCompleted: false, currentStep: 1 });
    expect(await figuresOf(page, partner)).toEqual({
      foundation: '20% complete',
      wizard: '1 of 5 Complete',
      academy: '20% complete',
      pill: 'Foundation required',
      directory: '20% in-progress',
      console: '20% in-progress',
    });
    // each step's card names its number once, in its "Step 2" ("2" beside "Step 2" said it twice),
    // to the eye and to a screen reader: done (5), up next (1) and not started (2 to 4)
    await page.goto('/foundation');
    const cards = page.locator('.fd-steps > li');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(5);
    for (let step = 1; step <= 5; step++) {
      const card = cards.nth(step - 1);
      const times = (text: string) => text.match(new RegExp(`\\b${step}\\b`, 'g'))?.length ?? 0;
      expect(times(await card.innerText()), await card.innerText()).toBe(1);
      // (not the link's address, /onboarding?step=N, nor the snapshot's [level=3] of the heading)
      const spoken = (await card.ariaSnapshot()).replace(/\/url: .*|\[level=\d\]/g, '');
      expect(times(spoken), spoken).toBe(1);
    }
  });

  it('one step done reads in the singular in French: the greeting, the Academy card, the badge', async () => {
    const partner = await createUser(e2e.app, { firstName: 'Zoé', sponsorId: sponsor.id });
    ok(await partner.client.post('/api/newsletter/subscribe', {}));
    const page = await (await e2e.signedInContext(partner.client, { locale: 'fr-FR' })).newPage();
    await page.goto('/foundation');
    await eventually(() => page.locator('.fd-hero-text p').textContent()).toBe(
      'Beau travail\u00a0: 1\u00a0étape sur 5\u00a0terminée. Continuez pour débloquer l’Académie.',
    );
    expect(await page.locator('.fd-academy-body p').textContent()).toMatch(/ Encore 4\u00a0étapes\.$/);
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/foundation-fr-one-step.png` });
    await page.goto('/onboarding?step=2');
    await eventually(() => page.getByTestId('complete-badge').textContent()).toBe(
      '1\u00a0sur 5\u00a0terminée',
    );
  });

  it('a partner who skipped step 4 and finished the rest sees 100% in every place', async () => {
    const partner = await createUser(e2e.app, { firstName: 'Leo', sponsorId: sponsor.id });
    const c = partner.client;
    ok(await c.post('/api/newsletter/subscribe', {}));
    ok(await c.post('/api/complete-step', { step: 2, data: { feelGreatLink: 'ufeelgreat.com/c/leo1' } }));
    ok(
      await c.post('/api/update-onboarding-data', {
        customerList: entries('c', 5),
        partnerList: entries('p', 5),
      }),
    );
    ok(await c.post('/api/complete-step', { step: 3 }));
    ok(await c.post('/api/update-onboarding-data', { productExperience: { isSkipped: true } }));
    const last = await c.post('/api/complete-step', { step: 5, data: why });
    ok(last);
    expect(last.body.progress).toMatchObject({ step4Completed: false, trainingCompleted: true });

    const page = await (await e2e.signedInContext(c)).newPage();
    expect(await figuresOf(page, partner)).toEqual({
      foundation: '100% complete',
      wizard: '5 of 5 Complete',
      academy: '100% complete',
      pill: 'Foundation complete',
      directory: '100% complete',
      console: '100% complete',
    });
    // the step card still says what happened to step 4
    await page.goto('/foundation');
    await page.locator('.fd-steps li').nth(3).getByText('Skipped').waitFor();
  });
});
