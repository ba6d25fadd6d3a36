// Screenshots of the partners directory against a real app (own database), for looking at changes:
// `npx tsx frontend/partner/scripts/partnerScreens.ts [outDir]` (LOCALE=es-ES or fr-FR for the other languages).
import { mkdirSync } from 'node:fs';
import { startE2eApp } from '../../../testing/browser';
import { seedDemoPartners } from '../../../backend/src/features/partners/demo';
import setupTemplate from '../../../testing/globalSetup';

const out = process.argv[2] ?? '/tmp/partner-screens';
const SPONSOR = { email: 'sam.sponsor@example.test', password: 'Sponsor-Screens-2026' };
mkdirSync(out, { recursive: true });
const teardown = await setupTemplate();
const e2e = await startE2eApp();
try {
  const { app } = e2e;
  await seedDemoPartners(app.deps, SPONSOR);
  const context = await e2e.newContext({
    locale: process.env.LOCALE ?? 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  const signIn = await page.request.post(`${app.url}/api/login`, { data: SPONSOR });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
  const shot = async (name: string, fullPage = true) => {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${out}/${name}.png`, fullPage });
  };
  await page.goto(`${app.url}/partners`);
  await page.getByTestId('partners-found').filter({ hasText: /\d/ }).waitFor();
  await shot('partners-direct');
  await page.locator('.partners-scope').getByText(/./).last().click();
  await page.locator('.partner-level').first().waitFor();
  await shot('partners-whole-team');
  await page
    .locator('.partner-card', { has: page.locator('.partner-level-2') })
    .first()
    .click();
  await page.locator('.partner-sheet').getByText(/./).first().waitFor();
  await page.waitForTimeout(500);
  await shot('partner-sheet', false); // the sheet is fixed to the viewport
} finally {
  await e2e.close();
  await teardown?.();
}
