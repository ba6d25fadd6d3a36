import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Koa from 'koa';
import send from 'koa-send';
import type { AppDeps } from '../app/deps';
import { findUserById, isAdminUser } from '../app/users';
import type { SessionData } from './sessions';

const partnerRoot = fileURLToPath(new URL('../../../frontend/partner/dist', import.meta.url));
const adminRoot = fileURLToPath(new URL('../../../frontend/admin/dist', import.meta.url));

/**
 * Serves the two built bundles on one origin. The admin console (/admin/...) is sent only to
 * admins; anyone else gets the partner app, which shows Access Denied and moves on.
 * Hashed assets are cached for a year, index.html never.
 */
export function serveBundles(deps: AppDeps): Koa.Middleware {
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
        const file = ctx.path.startsWith('/admin/assets/') ? ctx.path.slice('/admin'.length) : '/index.html';
        return sendFile(ctx, adminRoot, file);
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
    if (ctx.path === '/') {
      // who asks (the session cookie) and in which language decide the answer
      ctx.vary('Cookie');
      ctx.vary('Accept-Language');
    }
    if (ctx.path === '/' && !session?.userId) {
      // a visitor's landing page comes as HTML in their language (frontend/partner/build/landingPages.ts)
      const landing = `/landing.${landingLanguage(ctx)}.html`;
      if (existsSync(partnerRoot + landing)) return sendFile(ctx, partnerRoot, landing);
    }
    return sendFile(ctx, partnerRoot, '/index.html');
  };
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
