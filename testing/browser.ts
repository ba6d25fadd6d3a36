import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app';
import { createUser, type CreatedUser } from './users';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Debian Chromium, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Waits until an antd dialog (its `role=dialog` element) has opened as a person sees it: its
 * opening motion over, antd's zoom classes gone. Before that Playwright already finds it visible
 * and still: for a few frames it stands in place at opacity 0, then the zoom starts it again at a
 * fifth of its size, so a click pressed on the unseen button is released beside it and clicks
 * nothing (the registration test's lost "Verify Passcode", 2026-11-27). Typing is not affected.
 */
export async function openedDialog(dialog: Locator): Promise<void> {
  await dialog.and(dialog.page().locator(':not([class*="zoom"])')).waitFor();
}
// Not needed for antd's Drawer (it slides in from off-screen, so Playwright waits for it to stop)
// nor for MUI's Dialog in the console (a fade only: its buttons never move).

/**
 * Waits until the antd Select list holding `option` has opened: its slide-up motion over. The
 * list opens as a dialog does: a frame or more in place at opacity 0, where Playwright already
 * presses, then a frame at scale 0, then the slide from 0.8 of its height. A press in the first
 * frames released in the scale-0 one lands beside the list: nothing is picked and the list stays
 * open (the registration test's lost sponsor pick).
 */
export async function openedList(option: Locator): Promise<void> {
  const list = option.locator(
    'xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select-dropdown ")]',
  );
  await list.and(option.page().locator(':not([class*="slide-up"])')).waitFor();
}

/** A browser profile's language, window size and time zone (the machine's unless given). */
interface ProfileOptions {
  locale?: string;
  viewport?: { width: number; height: number };
  timezoneId?: string;
}

export interface E2eApp {
  app: TestApp;
  browser: Browser;
  /** a fresh browser profile (own cookies and storage), with the language set */
  newContext(options?: ProfileOptions): Promise<BrowserContext>;
  newPage(options?: ProfileOptions): Promise<Page>;
  /** a fresh browser profile holding the session cookies of a signed-in test client */
  signedInContext(client: { cookie: string | null }, options?: ProfileOptions): Promise<BrowserContext>;
  /** replaces a browser profile's cookies with the session cookies of a signed-in test client */
  useSession(context: BrowserContext, client: { cookie: string | null }): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real API serving the built bundles (run `npm run build` first; `make test` does), plus
 * a real Chromium. Each call gets its own database.
 */
export async function startE2eApp(extraEnv: Record<string, string> = {}): Promise<E2eApp> {
  for (const dist of ['frontend/partner/dist/index.html', 'frontend/admin/dist/index.html']) {
    if (!existsSync(dist)) throw new Error(`${dist} is missing: run \`npm run build\` before the e2e tests`);
  }
  const app = await startTestApp({ SERVE_BUNDLES: '1', ...extraEnv });
  const browser = await launchBrowser();
  const newContext: E2eApp['newContext'] = (options = {}) =>
    browser.newContext({
      baseURL: app.url,
      locale: options.locale ?? 'en-US',
      viewport: options.viewport ?? { width: 1280, height: 860 },
      timezoneId: options.timezoneId,
    });
  const useSession: E2eApp['useSession'] = async (context, client) => {
    const { hostname } = new URL(app.url);
    await context.clearCookies();
    await context.addCookies(
      (client.cookie ?? '')
        .split('; ')
        .filter(Boolean)
        .map((pair) => {
          const i = pair.indexOf('=');
          return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: hostname, path: '/' };
        }),
    );
  };
  return {
    app,
    browser,
    newContext,
    async newPage(options) {
      const context = await newContext(options);
      return context.newPage();
    },
    async signedInContext(client, options) {
      const context = await newContext(options);
      await useSession(context, client);
      return context;
    },
    useSession,
    async close() {
      await browser.close();
      await app.close();
    },
  };
}

/** A file of console tests: the app, an admin and a partner she sponsors. */
export interface ConsoleE2e {
  e2e: E2eApp;
  /** Ada Admin (with a second factor, passed by her client) */
  admin: CreatedUser;
  /** Pia Partner, sponsored by Ada */
  partner: CreatedUser;
  /** a page of a fresh browser profile signed in as the admin, 1280 × 900, in `locale` */
  consolePage(locale?: string): Promise<Page>;
}

/**
 * Starts the app with the console's usual cast before the file's tests (vitest `beforeAll`) and
 * closes it after them; the returned object is filled in once `beforeAll` has run.
 */
export function setUpConsoleE2e(): ConsoleE2e {
  const setup = {
    async consolePage(locale = 'en-US') {
      const context = await setup.e2e.signedInContext(setup.admin.client, {
        locale,
        viewport: { width: 1280, height: 900 },
      });
      return context.newPage();
    },
  } as ConsoleE2e;
  beforeAll(async () => {
    setup.e2e = await startE2eApp();
    setup.admin = await createUser(setup.e2e.app, { admin: true, firstName: 'Ada', lastName: 'Admin' });
    setup.partner = await createUser(setup.e2e.app, {
      firstName: 'Pia',
      lastName: 'Partner',
      sponsorId: setup.admin.id,
    });
  });
  afterAll(async () => {
    await setup.e2e?.close();
  });
  return setup;
}
