import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';
import { typeDate } from '../../../../testing/keyboard';

/**
 * The audit log's date filters read and type dates as the console's language writes them (en
 * 11/29/2026, es and fr 29/11/2026), in an English browser too (its own date input showed
 * mm/dd/yyyy whatever the console's language); their calendar is in that language. The filter's
 * value in the address stays the ISO day; a date typed in part or impossible changes nothing.
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;

const LANGUAGES = {
  en: {
    from: 'From',
    until: 'Until',
    empty: ['MM', 'DD', 'YYYY'],
    typed: ['11', '29', '2026'],
    month: 'November 2026',
  },
  es: {
    from: 'Desde',
    until: 'Hasta',
    empty: ['DD', 'MM', 'AAAA'],
    typed: ['29', '11', '2026'],
    month: 'noviembre 2026',
  },
  fr: {
    from: 'Du',
    until: 'Jusqu’au',
    empty: ['JJ', 'MM', 'AAAA'],
    typed: ['29', '11', '2026'],
    month: 'novembre 2026',
  },
} as const;

const filterInAddress = (url: string) =>
  JSON.parse(new URLSearchParams(new URL(url).hash.split('?')[1] ?? '').get('filter') ?? '{}') as Record<
    string,
    string
  >;

describe('audit log date filters', () => {
  for (const width of [390, 768, 1280])
    for (const language of ['en', 'es', 'fr'] as const)
      it(`${language} console in an English browser, ${width} px: dates as the console writes them`, async () => {
        const texts = LANGUAGES[language];
        const context = await setup.e2e.signedInContext(setup.admin.client, {
          locale: 'en-US',
          viewport: { width, height: 844 },
        });
        await context.addInitScript((l) => localStorage.setItem('preferredLanguage', l), language);
        const page = await context.newPage();
        await page.goto(`${setup.e2e.app.url}/admin/#/audit`);
        // on a phone the filters are behind their button (the first in the list's panel)
        if (width < 600)
          await page.getByTestId('phone-filters').getByRole('button').first().click({ timeout: 60_000 });
        const from = page.getByRole('group', { name: texts.from, exact: true });
        await from.waitFor({ timeout: 60_000 });
        const parts = (field: typeof from) => field.getByRole('spinbutton').allInnerTexts();

        // empty, it holds the order to type in, in the language's letters
        expect(await parts(from)).toEqual(texts.empty);

        await typeDate(page, texts.from, '2026-11-29', language);
        await expect
          .poll(() => filterInAddress(page.url()), { timeout: 30_000 })
          .toEqual({ from: '2026-11-29' });
        expect(await parts(from)).toEqual(texts.typed);

        // a date in part, then an impossible one (31 February): the filter stays as it was
        const until = page.getByRole('group', { name: texts.until, exact: true });
        await until.getByRole('spinbutton').first().click();
        await page.keyboard.type(language === 'en' ? '02' : '31');
        await page.waitForTimeout(1000);
        expect(filterInAddress(page.url())).toEqual({ from: '2026-11-29' });
        await page.keyboard.type(language === 'en' ? '312027' : '022027');
        await page.waitForTimeout(1000);
        expect(filterInAddress(page.url())).toEqual({ from: '2026-11-29' });

        // the calendar names its month in the console's language
        await from.getByRole('button').last().click();
        await page.getByRole('dialog').getByText(texts.month).waitFor();
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/audit-dates-${width}-${language}.png` });
        await context.close();
      });
});
