import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../testing/app';
import { startE2eApp, type E2eApp } from '../../../../testing/browser';
import { createUser } from '../../../../testing/users';
import { finishFoundation } from '../../../../testing/progress';

// A signed-in page's HTML carries the answers its first render reads and preloads its code
// (backend/src/http/bundles.ts, src/lib/pageData.ts), in real Chromium against the real API
// serving the built bundles (`npm run build` first).
let e2e: E2eApp;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

beforeAll(async () => {
  e2e = await startE2eApp({ ADVANCED_ACADEMY_URL: 'https://learn.example.org/' });
});
afterAll(async () => {
  await e2e?.close();
});

const PAGE_DATA = /<script id="page-data" type="application\/json"(?: data-page="whole")?>(.*?)<\/script>/;

/** The answers a page's HTML carries, or null when it carries none. */
const pageDataOf = (html: string): Record<string, unknown> | null => {
  const json = PAGE_DATA.exec(html)?.[1];
  return json === undefined ? null : (JSON.parse(json) as Record<string, unknown>);
};

describe('the data a signed-in page carries in its HTML', () => {
  it("is the signed-in user's own, as the API answers it, never stored; visitors and ended sessions get none", async () => {
    const ada = await createUser(e2e.app, { firstName: 'Ada' });
    const ben = await createUser(e2e.app, { firstName: 'Ben' });
    await finishFoundation(e2e.app, ada.id);

    const page = await ada.client.get('/academy');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('data-page="whole"'); // every read of the page's first render
    expect(page.headers.get('vary')).toMatch(/\bCookie\b/);
    expect(pageDataOf(page.text)).toEqual({
      '/api/session': (await ada.client.get('/api/session')).body,
      '/api/onboarding-progress': (await ada.client.get('/api/onboarding-progress')).body,
      '/api/academy-tutorial': (await ada.client.get('/api/academy-tutorial')).body,
      '/api/academy-links': (await ada.client.get('/api/academy-links')).body,
    });
    expect((pageDataOf(page.text)?.['/api/session'] as { user: { id: string } }).user.id).toBe(ada.id);

    // another user's page holds their own data and nothing of Ada's
    const bens = await ben.client.get('/foundation');
    expect((pageDataOf(bens.text)?.['/api/session'] as { user: { id: string } }).user.id).toBe(ben.id);
    expect(pageDataOf(bens.text)?.['/api/coaching']).toEqual((await ben.client.get('/api/coaching')).body);
    expect(bens.text).not.toContain(ada.email);
    expect(bens.text).not.toContain(ada.id);

    // a visitor gets the plain page (which may be cached, but only for a request without cookies)
    const visitor = await createClient(e2e.app.url).get('/academy');
    expect(visitor.status).toBe(200);
    expect(pageDataOf(visitor.text)).toBeNull();
    expect(visitor.headers.get('vary')).toMatch(/\bCookie\b/);

    // a session ended at once: its cookie no longer brings the user's data
    const cookie = ada.client.cookie;
    expect((await ada.client.post('/api/logout')).status).toBe(200);
    const ended = createClient(e2e.app.url);
    ended.cookie = cookie;
    const after = await ended.get('/academy');
    expect(after.text).not.toContain(ada.email);
    expect(after.text).not.toContain(ada.id);
  });

  it('preloads the code of the page it names (from the build manifest), at low priority', async () => {
    const user = await createUser(e2e.app);
    const manifest = JSON.parse(readFileSync('frontend/partner/dist/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string }
    >;
    const html = (await user.client.get('/foundation')).text;
    const file = manifest['src/features/foundation/FoundationPage.tsx']!.file;
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`);
  });

  it('a page whose own data is not in its HTML shows the app and its loading overlay while that data is on its way', async () => {
    const user = await createUser(e2e.app);
    await finishFoundation(e2e.app, user.id);
    const html = (await user.client.get('/live-calls')).text;
    expect(pageDataOf(html)).not.toBeNull(); // the session and the progress, not the calls
    expect(html).not.toContain('data-page="whole"');
    const context = await e2e.signedInContext(user.client);
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/live-calls', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/live-calls');
    // the router's pending delay passes with the calls still held: the overlay names the page
    await page.getByRole('alertdialog', { name: /live calls/i }).waitFor({ timeout: 20_000 });
    release();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });

  for (const path of ['/foundation', '/academy'] as const) {
    it(`${path} paints the same with and without it, and without asking for it`, async () => {
      const user = await createUser(e2e.app, { firstName: 'Cleo' });
      await finishFoundation(e2e.app, user.id);
      const asked: string[] = [];
      const open = async (withData: boolean): Promise<Page> => {
        const context = await e2e.signedInContext(user.client);
        const page = await context.newPage();
        page.on('request', (r) =>
          asked.push(`${withData ? 'with' : 'without'} ${new URL(r.url()).pathname}`),
        );
        if (!withData)
          await page.route(path, async (route) => {
            const response = await route.fetch();
            const body = (await response.text()).replace(PAGE_DATA, '');
            await route.fulfill({ response, body });
          });
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // the Academy's hero is in the HTML (build/pageHeroes.ts): the footer comes with the app
        await page.locator('footer').waitFor();
        return page;
      };
      const withData = await open(true);
      const main = (page: Page) => page.locator('main').innerText();
      const shown = await main(withData);
      expect(shown).toContain('Cleo');
      const withoutData = await open(false);
      await poll(() => main(withoutData)).toBe(shown);
      // with the data in the HTML, the first render asked for neither the session nor the progress
      expect(asked).toContain('without /api/session');
      expect(asked).toContain('without /api/onboarding-progress');
      expect(asked).not.toContain('with /api/session');
      expect(asked).not.toContain('with /api/onboarding-progress');
      await withData.context().close();
      await withoutData.context().close();
    });
  }
});
