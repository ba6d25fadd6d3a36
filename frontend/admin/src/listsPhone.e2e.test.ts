import { beforeAll, describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../testing/browser';
import { seedAcademyContent } from '../../../backend/src/demo/academy';
import { gapBelow, widerThanScreen, wordsSplitAcrossLines } from '../../../testing/layout';
import { createUser } from '../../../testing/users';

/**
 * Every console list on a phone (390 px): the list's first content (its filters, its buttons, its
 * rows) starts right under what is above it (the app bar, or the page's notice or panel), with
 * no empty actions toolbar between them: react-admin's default one, with nothing in it, was a
 * 56 px band of blank page. A toolbar with real buttons (Export; Add filter on the success stories) stays.
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  // testimonials to list (an empty list shows its "add one" page instead)
  await seedAcademyContent(setup.e2e.app.deps);
  // addresses that sort apart from the cast's (ada..., pia...), each end of the alphabet
  await createUser(setup.e2e.app, {
    email: `aaron.first.${Date.now()}@example.com`,
    sponsorId: setup.admin.id,
  });
  await createUser(setup.e2e.app, { email: `zoe.last.${Date.now()}@example.com`, sponsorId: setup.admin.id });
});

const phone = (locale: string) =>
  setup.e2e.signedInContext(setup.admin.client, { locale, viewport: { width: 390, height: 844 } });

const lists = [
  { path: 'users', above: 'header' },
  { path: 'audit', above: 'header' },
  { path: 'sync-runs', above: '#main-content .MuiCard-root' }, // below the "run now" panel
  { path: 'mail-outbox', above: '#main-content .MuiAlert-root' }, // below its notice
  { path: 'testimonials', above: 'header' },
  { path: 'live-calls', above: 'header' },
];
// the list's own content: a button, a field, the card of rows
const FIRST_CONTENT = '.RaList-main :is(a, button, input), .RaList-content';

describe('console lists on a phone', () => {
  for (const locale of ['en-US', 'es-ES', 'fr-FR'])
    it(`${locale}: no empty band above any list`, async () => {
      const context = await setup.e2e.signedInContext(setup.admin.client, {
        locale,
        viewport: { width: 390, height: 844 },
      });
      const bands: string[] = [];
      for (const { path, above } of lists) {
        const page = await context.newPage();
        await page.goto(`${setup.e2e.app.url}/admin/#/${path}`);
        await page.locator('.RaList-content').waitFor({ timeout: 60_000 });
        const gap = await gapBelow(page, above, FIRST_CONTENT);
        // margins only (the page's and a field's 8 px each, or a card's and the list's 16 px each);
        // an empty toolbar added 48 px more
        if (gap > 32) bands.push(`${path}: ${gap} px`);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-${path}-phone-${locale}.png` });
        await page.close();
      }
      expect(bands).toEqual([]);
      await context.close();
    });
});

/** The Spanish admin's daily work on a phone (the console walk): sort, act on a user, save. */
describe('a day of console work on a phone', () => {
  const words = {
    'es-ES': { by: 'Ordenar por', order: 'Orden', email: 'Correo electrónico', za: 'De la Z a la A' },
    'fr-FR': { by: 'Trier par', order: 'Ordre', email: 'E-mail', za: 'De Z à A' },
  };
  for (const [locale, w] of Object.entries(words))
    it(`${locale}: the users list sorts by the spec's fields, in words, with no table headers to tap`, async () => {
      const context = await phone(locale);
      const page = await context.newPage();
      await page.goto(`${setup.e2e.app.url}/admin/#/users`);
      const rows = page.getByTestId('users-list').locator('li');
      await rows.first().waitFor({ timeout: 60_000 });
      const by = page.getByRole('combobox', { name: w.by, exact: true });
      const order = page.getByRole('combobox', { name: w.order, exact: true });
      // the spec's five fields, newest sign-up first as the list opens
      expect(await by.locator('option').count()).toBe(5);
      await by.selectOption({ label: w.email });
      const emails = () =>
        rows.evaluateAll((li) => li.map((l) => l.textContent?.match(/[\w.]+@example\.com/)?.[0] ?? ''));
      await expect.poll(async () => (await emails())[0], { timeout: 30_000 }).toMatch(/^aaron\.first/);
      await order.selectOption({ label: w.za });
      await expect.poll(async () => (await emails())[0], { timeout: 30_000 }).toMatch(/^zoe\.last/);
      expect(page.url()).toContain('order=DESC');
      expect(await widerThanScreen(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-users-sorted-phone-${locale}.png` });
      await context.close();
    });

  for (const locale of ['es-ES', 'fr-FR'])
    it(`${locale}: a user's actions say what they do, not five bare icons, and are big enough to tap`, async () => {
      const context = await phone(locale);
      const page = await context.newPage();
      await page.goto(`${setup.e2e.app.url}/admin/#/users/${setup.partner.id}`);
      const actions = page.getByTestId('user-actions').locator('a, button');
      await actions.first().waitFor({ timeout: 60_000 });
      // list, lock, make admin, reset password, reset training
      await expect.poll(() => actions.count(), { timeout: 30_000 }).toBe(5);
      const shown = await actions.evaluateAll((els) =>
        els.map((el) => ({
          name: el.getAttribute('aria-label') ?? el.textContent,
          text: (el as HTMLElement).innerText.trim(),
          height: el.getBoundingClientRect().height,
        })),
      );
      for (const a of shown) {
        expect(a.text.toLowerCase(), String(a.name)).toBe(String(a.name).toLowerCase());
        expect(a.height, a.text).toBeGreaterThanOrEqual(44);
      }
      expect(await widerThanScreen(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-user-actions-phone-${locale}.png` });
      await context.close();
    });

  it('es-ES: a message after Save stands above the Save bar, which stays tappable', async () => {
    const context = await phone('es-ES');
    const page = await context.newPage();
    await page.goto(`${setup.e2e.app.url}/admin/#/users/${setup.partner.id}`);
    const firstName = page.getByLabel('Nombre', { exact: false }).first();
    await firstName.waitFor({ timeout: 60_000 });
    await firstName.fill('');
    const save = page.getByRole('button', { name: 'Guardar' });
    await save.click();
    const message = page.locator('.MuiSnackbar-root', { hasText: 'El formulario no es válido' });
    await message.waitFor();
    const bar = await page.locator('.RaToolbar-mobileToolbar').boundingBox();
    const box = await message.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
    // the Save button is what a tap there reaches, not the message
    const hit = await save.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(hit).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-user-invalid-phone-es.png` });
    await context.close();
  });
});

/** The audit log, the users' toolbar and a user's history on a phone (console review, part 9). */
describe('console review on a phone, part 9', () => {
  const words = {
    'en-US': { filters: 'Filters', two: '2 active', search: 'Search', exportCsv: 'Export CSV' },
    'es-ES': { filters: 'Filtros', two: '2 activos', search: 'Buscar', exportCsv: 'Exportar CSV' },
    'fr-FR': { filters: 'Filtres', two: '2 actifs', search: 'Rechercher', exportCsv: 'Exporter en CSV' },
  };
  for (const [locale, w] of Object.entries(words))
    it(`${locale}: the audit log opens on its rows, its six filters behind one button that counts those in use`, async () => {
      const context = await phone(locale);
      const page = await context.newPage();
      await page.goto(`${setup.e2e.app.url}/admin/#/audit`);
      const rows = page.getByTestId('audit-list').locator('li');
      await rows.first().waitFor({ timeout: 60_000 });
      // the first rows on the first screen, no filter field before them
      const row = (await rows.nth(2).boundingBox())!;
      expect(row.y + row.height).toBeLessThan(844);
      const search = page.getByRole('textbox', { name: w.search });
      expect(await search.isVisible()).toBe(false);
      const button = page.getByRole('button', { name: w.filters });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      await search.waitFor();
      // the six: search, event, by, user, from, until
      const fields = page.getByTestId('phone-filters').locator('input:visible, [role="group"]:visible');
      await expect.poll(() => fields.count()).toBeGreaterThanOrEqual(6);
      expect(await widerThanScreen(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-audit-filters-open-phone-${locale}.png` });
      // two in use (from the address, as a link to a filtered log gives them): counted on the button
      await page.goto(
        `${setup.e2e.app.url}/admin/#/audit?filter=${encodeURIComponent(JSON.stringify({ q: 'pia', from: '2026-01-01' }))}`,
      );
      const counted = page.getByRole('button', { name: `${w.filters} ${w.two}` });
      await counted.waitFor({ timeout: 30_000 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-audit-filters-phone-${locale}.png` });
      // on a desktop the filters stay in sight, no button
      await page.setViewportSize({ width: 1280, height: 900 });
      await search.waitFor();
      expect(await page.getByTestId('phone-filters').count()).toBe(0);
      await context.close();
    });

  for (const [locale, w] of Object.entries(words))
    it(`${locale}: the users list's Export button says its words, as the toolbar's other buttons`, async () => {
      const context = await phone(locale);
      const page = await context.newPage();
      await page.goto(`${setup.e2e.app.url}/admin/#/users`);
      const exportCsv = page.getByTestId('export-csv');
      await exportCsv.waitFor({ timeout: 60_000 });
      expect((await exportCsv.innerText()).toLowerCase()).toBe(w.exportCsv.toLowerCase());
      expect((await exportCsv.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await context.close();
    });

  for (const locale of Object.keys(words))
    it(`${locale}: a request id in a user's history stays whole (never "test-" / "aec")`, async () => {
      const context = await phone(locale);
      const page = await context.newPage();
      await page.goto(`${setup.e2e.app.url}/admin/#/users/${setup.partner.id}`);
      await page.getByTestId('timeline').locator('li').nth(2).waitFor({ timeout: 60_000 });
      // the history shows request ids (the seed's writes carry them), so there is something to check
      expect(await page.getByTestId('request-id').count()).toBeGreaterThan(0);
      // a phone's widths: wherever the line ends, no id is split
      const split: string[] = [];
      for (let width = 340; width <= 430; width += 6) {
        await page.setViewportSize({ width, height: 844 });
        const words = await wordsSplitAcrossLines(
          page,
          '[data-testid="timeline"] li > .MuiTypography-caption',
        );
        split.push(...words.map((word) => `${width} px: ${word}`));
      }
      expect(split).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-user-history-phone-${locale}.png` });
      await context.close();
    });
});
