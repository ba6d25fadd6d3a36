import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type Koa from 'koa';
import send from 'koa-send';
import type { AppDeps } from '../app/deps';
import { findUserById, isAdminUser } from '../app/users';
import { ADMIN_FIRST_PAGE_URL } from '@portal/contracts/admin/endpoints';
import { escapeHtml } from '@portal/contracts/core/html';
import { foundationDone, type LooseStepFlags } from '@portal/contracts/onboarding/foundation';
import type { ReadAnswer, ReadAnswers } from './createApp';
import type { SessionData } from './sessions';

const partnerRoot = fileURLToPath(new URL('../../../frontend/partner/dist', import.meta.url));
const adminRoot = fileURLToPath(new URL('../../../frontend/admin/dist', import.meta.url));

/**
 * Serves the two built bundles on one origin. The admin console (/admin/...) is sent only to
 * admins; anyone else gets the partner app, which shows Access Denied and moves on.
 * Hashed assets are cached for a year, index.html never.
 */
export function serveBundles(
  deps: AppDeps,
  readAnswers: ReadAnswers,
  readAnswer: ReadAnswer,
): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/') || ctx.path === '/metrics') return next();
    const isAdminPath =
      ctx.path === '/admin/' || ctx.path.startsWith('/admin/assets/') || ctx.path === '/admin/index.html';
    if (isAdminPath && existsSync(adminRoot)) {
      const session = ctx.session as unknown as SessionData;
      const user = session?.userId ? await findUserById(deps.db, session.userId) : null;
      // an admin who still owes the code after the password gets the partner app's code step;
      // one without a second factor gets the console, which shows only the enrolment (issue 13)
      const owesCode = user?.secondFactorEnrolled && !session.secondFactorAt;
      if (
        user &&
        !user.isLocked &&
        !user.mustChangePassword &&
        !owesCode &&
        isAdminUser(user, deps.config.ADMIN_EMAIL)
      ) {
        if (ctx.path.startsWith('/admin/assets/'))
          return sendFile(ctx, adminRoot, ctx.path.slice('/admin'.length));
        return sendConsole(ctx, readAnswer);
      }
    }
    if (
      ctx.path.startsWith('/assets/') ||
      ctx.path.startsWith('/demo/') ||
      /\.(ico|png|svg|jpg|webp|txt|webmanifest)$/.test(ctx.path)
    ) {
      return sendFile(ctx, partnerRoot, ctx.path);
    }
    const session = ctx.session as unknown as SessionData;
    // who asks (the session cookie) decides the answer, and on `/` the language too
    ctx.vary('Cookie');
    if (ctx.path === '/') ctx.vary('Accept-Language');
    if (ctx.path === '/' && !session?.userId) {
      // a visitor's landing page comes as HTML in their language (frontend/partner/build/landingPages.ts)
      const landing = `/landing.${landingLanguage(ctx)}.html`;
      if (existsSync(partnerRoot + landing)) return sendFile(ctx, partnerRoot, landing);
    }
    if (session?.userId) return sendPageWithData(ctx, readAnswers);
    return sendFile(ctx, partnerRoot, '/index.html');
  };
}

/** What every signed-in page reads first: the session's user and the onboarding progress (RootLayout). */
const EVERY_PAGE_READS = ['/api/session', '/api/onboarding-progress'];

/**
 * Signed-in pages whose first render the HTML prepares: what the page reads besides (its route's
 * loader and components, frontend/partner/src/app/router.tsx) and the module of its code (a key
 * of the build's manifest).
 */
const PAGES: Record<string, { reads: readonly string[]; code: string }> = {
  '/foundation': { reads: ['/api/coaching'], code: 'src/features/foundation/FoundationPage.tsx' },
  '/academy': {
    reads: ['/api/academy-tutorial', '/api/academy-links'],
    code: 'src/features/academy/AcademyPage.tsx',
  },
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The files of a page's code (its chunk, the chunks it imports, their sheets), from the build's
 * manifest; not the entry, which index.html already preloads.
 */
function codeFiles(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || chunk.isEntry || seen.has(key)) return [];
  seen.add(key);
  return [
    chunk.file,
    ...(chunk.css ?? []),
    ...(chunk.imports ?? []).flatMap((i) => codeFiles(manifest, i, seen)),
  ];
}

/** The answers as the head's JSON element (each app's pageData.ts reads it); no '<' may close it early. */
const pageDataElement = (data: object, attributes = '') =>
  `<script id="page-data" type="application/json"${attributes}>${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/**
 * index.html for a request with a session carries the answers its first render would otherwise
 * ask for, one round trip each after the code (frontend/partner/src/lib/pageData.ts reads them):
 * the JSON of those GET answers, computed for this request's own session as the API would answer
 * them. The answer belongs to this user only: never stored (`no-store`), and it varies by cookie.
 * A page of `PAGES` also preloads its code, which the app would ask for only once its entry has
 * run; at low priority, as the entry: the HTML's top bar paints without them.
 */
async function sendPageWithData(ctx: Koa.Context, readAnswers: ReadAnswers) {
  let html, manifest;
  try {
    html = await readFile(`${partnerRoot}/index.html`, 'utf8');
    manifest = JSON.parse(await readFile(`${partnerRoot}/.vite/manifest.json`, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return sendFile(ctx, partnerRoot, '/index.html');
  }
  const page = PAGES[ctx.path];
  // the page never fails for its data: without it, the app asks for each answer itself
  const data = await readAnswers(ctx, [...EVERY_PAGE_READS, ...(page?.reads ?? [])]).catch((error) => {
    ctx.state.logger.warn({ err: error }, 'page data not read');
    return {};
  });
  const language = landingLanguage(ctx);
  const hero = await heroOf(ctx.path, language, data);
  const code = page ? codeFiles(manifest, page.code) : [];
  const sheets = code.filter((file) => file.endsWith('.css'));
  const modules = code
    .filter((file) => !file.endsWith('.css'))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`);
  let preloads = [
    ...sheets.map(
      (file) => `<link rel="preload" as="style" crossorigin href="/${file}" fetchpriority="low">`,
    ),
    ...modules,
  ];
  if (hero) {
    // the hero paints from the HTML and its sheets (the page's sheet is linked); the code (the
    // entry's preloads and the page's) is asked for after that paint, by the boot script
    // (build/paintFirst.ts), so it does not share the slow link with them (as on `/`)
    const entry = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    html = html
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace(/(<\/header>)(\s*<\/div>)/, (_match, header: string, end: string) => header + hero + end);
    preloads = [
      ...sheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      `<template id="after-paint">${[...entry, ...modules].join('')}</template>`,
    ];
  }
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'html';
  ctx.body = html.replace(
    '</head>',
    [
      ...preloads,
      // data-page="whole": the page's own reads are here too, so its first render needs no fetch
      pageDataElement(data, page ? ' data-page="whole"' : ''),
      '</head>',
    ].join('\n  '),
  );
}

/**
 * The page's hero as HTML (frontend/partner/build/pageHeroes.ts) for this partner, in the
 * language the app will show, with their first name escaped into it: only on a page that has one,
 * for a partner the page itself will show (not one the shell sends to the password change or the
 * second factor first). undefined when there is none to send: the app renders the page alone.
 */
async function heroOf(path: string, language: string, data: Record<string, unknown>) {
  const user = (data['/api/session'] as { user?: SessionUser | null } | undefined)?.user;
  const progress = (data['/api/onboarding-progress'] as { progress?: LooseStepFlags | null } | undefined)
    ?.progress;
  if (!user || user.mustChangePassword || user.secondFactor?.pending || progress === undefined) return;
  let heroes;
  try {
    heroes = JSON.parse(await readFile(`${partnerRoot}/page-heroes.json`, 'utf8')) as PageHeroes;
  } catch {
    return;
  }
  const hero = heroes[path]?.[language];
  if (!hero) return;
  return (foundationDone(progress) ? hero.done : hero.locked).replace('{{name}}', () =>
    escapeHtml(user.firstName ?? ''),
  );
}

type PageHeroes = Record<string, Record<string, { done: string; locked: string }>>;
interface SessionUser {
  firstName?: string;
  mustChangePassword?: boolean;
  secondFactor?: { pending?: string | null };
}

/** What the console's first screen reads: the session and its users list's first page. */
const CONSOLE_READS = ['/api/me', ADMIN_FIRST_PAGE_URL];

/**
 * The console's index.html with the answers of its first screen (frontend/admin/src/pageData.ts
 * reads them), each with its headers (a list's total is in `Content-Range`): its first render
 * has its data and asks for nothing. As a partner page's data: this admin's own, never stored.
 */
async function sendConsole(ctx: Koa.Context, readAnswer: ReadAnswer) {
  let html;
  try {
    html = await readFile(`${adminRoot}/index.html`, 'utf8');
  } catch {
    return sendFile(ctx, adminRoot, '/index.html');
  }
  const answers = await Promise.all(CONSOLE_READS.map(async (url) => [url, await readAnswer(ctx, url)]));
  ctx.vary('Cookie');
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'html';
  ctx.body = html.replace(
    '</head>',
    `${pageDataElement(Object.fromEntries(answers.filter(([, answer]) => answer)))}\n  </head>`,
  );
}

const LANGUAGES = ['en', 'es', 'fr'] as const;

/**
 * The language the partner app will show (src/lib/i18n.ts): the reader's choice (which the app
 * keeps in a cookie as well as in localStorage), else the browser's first supported language,
 * else English.
 */
function landingLanguage(ctx: Pick<Koa.Context, 'cookies' | 'acceptsLanguages'>) {
  const chosen = ctx.cookies.get('preferredLanguage');
  const supported = (code: string | undefined) =>
    LANGUAGES.find((l) => l === code?.toLowerCase().split(/[-_]/)[0]);
  return supported(chosen) ?? supported(ctx.acceptsLanguages(...LANGUAGES) || undefined) ?? 'en';
}

async function sendFile(ctx: Koa.Context, root: string, file: string) {
  const immutable = file.includes('/assets/');
  try {
    await send(ctx, file, {
      root,
      immutable,
      maxage: immutable ? 31_536_000_000 : 0,
      setHeaders: (res) => {
        if (!immutable) res.setHeader('Cache-Control', 'no-cache');
      },
    });
  } catch (error) {
    if ((error as { status?: number }).status === 404) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    throw error;
  }
}
