import { beforeAll, describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../testing/browser';
import { clippedTexts, overlappingBoxes } from '../../../testing/layout';
import { createUser } from '../../../testing/users';
import { seedAcademyContent } from '../../../backend/src/demo/academy';
import { sendMail } from '../../../backend/src/mail/send';

/**
 * Every console page's title in the app bar reads whole on a phone (390 px), on a tablet (768
 * px: the console's name beside it) and on a 1280 px screen, in en, es and fr: no "Registro de
 * au…", and the console's name and the title never overlap. A record's page is opened from its
 * list (the first row); a user's is one with a long name, an e-mail's one with a long subject.
 */
const setup = setUpConsoleE2e();
const SHOTS = process.env.SCREENSHOT_DIR;
let longNamed: string;

beforeAll(async () => {
  await seedAcademyContent(setup.e2e.app.deps);
  // a sync run to open
  expect((await setup.admin.client.post('/api/admin/sync-runs', {})).status).toBeLessThan(300);
  longNamed = (
    await createUser(setup.e2e.app, {
      firstName: 'Ingrid',
      lastName: 'Johansson-Lindqvist',
      sponsorId: setup.admin.id,
    })
  ).id;
  // an e-mail to open, with the longest subject of the kinds sent
  expect(
    await sendMail(setup.e2e.app.deps, {
      id: 'page-titles-reminder',
      userId: longNamed,
      to: 'ingrid@example.test',
      kind: 'callReminder',
      language: 'en',
      params: {
        firstName: 'Ingrid',
        nameEn: 'Weekly Success Strategies Live Training',
        nameEs: 'Estrategias semanales de éxito',
        nameFr: 'Stratégies hebdomadaires de réussite',
        minutes: '60',
        host: 'Ada Admin',
        passcode: '1234',
        link: '',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    }),
  ).toBe('sent');
});

const CONSOLE_NAME = '[data-testid="console-name"]';
/** what the app bar holds side by side: the console's name, the page's title, its buttons */
const APP_BAR_PARTS = `header :is(${CONSOLE_NAME}, #react-admin-title, button)`;

const pages = () => [
  'users',
  `users/${longNamed}`,
  'audit',
  'sync-runs',
  'sync-runs/first',
  'mail-outbox',
  'mail-outbox/first',
  'performance',
  'system-metrics',
  'funnel',
  'testimonials',
  'testimonials/create',
  'testimonials/first',
  'live-calls',
  'live-calls/first',
  'academy-links/current',
];

describe('page titles', () => {
  for (const width of [390, 768, 1280])
    for (const locale of ['en-US', 'es-ES', 'fr-FR'])
      it(`${locale}, ${width} px: every title reads whole`, async () => {
        const context = await setup.e2e.signedInContext(setup.admin.client, {
          locale,
          viewport: { width, height: 844 },
        });
        const page = await context.newPage();
        const cut: string[] = [];
        for (const path of pages()) {
          if (path.endsWith('/first')) {
            // the list's first record
            await page.goto(`${setup.e2e.app.url}/admin/#/${path.replace('/first', '')}`);
            await page.locator('.RaList-content :is(a[href*="#/"], tbody tr)').first().click();
            await page.waitForURL(/#\/[^/]+\/[^/?]+/);
          } else await page.goto(`${setup.e2e.app.url}/admin/#/${path}`);
          const title = page.locator('#react-admin-title');
          await title.filter({ hasText: /\S/ }).waitFor({ timeout: 60_000 });
          const found = [
            ...(await clippedTexts(page, `#react-admin-title, ${CONSOLE_NAME}`)),
            ...(await overlappingBoxes(page, APP_BAR_PARTS)),
          ];
          cut.push(...found.map((text) => `${path}: ${text}`));
          if (SHOTS)
            await page.screenshot({
              path: `${SHOTS}/title-${path.replace(/\//g, '-')}-${width}-${locale}.png`,
            });
        }
        expect(cut).toEqual([]);
        await context.close();
      });
});

describe('the new success story page', () => {
  it('is titled as a sentence in each language (not react-admin\'s "Create Success story")', async () => {
    const titles: string[] = [];
    for (const locale of ['en-US', 'es-ES', 'fr-FR']) {
      const context = await setup.e2e.signedInContext(setup.admin.client, { locale });
      const page = await context.newPage();
      await page.goto(`${setup.e2e.app.url}/admin/#/testimonials/create`);
      const title = page.locator('#react-admin-title').filter({ hasText: /\S/ });
      await title.waitFor({ timeout: 60_000 });
      titles.push((await title.textContent())!.trim());
      await context.close();
    }
    expect(titles).toEqual([
      'New success story',
      'Nueva historia de éxito',
      'Nouveau témoignage de réussite',
    ]);
  });
});
