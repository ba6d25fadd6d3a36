import type { Context, Middleware, Next } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '../config';
import { HttpError } from './errors';

/**
 * CSP and the other security headers. HSTS only when served over TLS. helmet's headers depend
 * only on these options (every CSP directive is a fixed string), so they are computed once, by
 * running helmet on a stand-in answer, and copied onto every answer.
 */
export function securityHeaders(config: Pick<Config, 'cookieSecure'>): Middleware {
  const captured: [string, string | number | readonly string[]][] = [];
  const standIn = {
    req: { headers: {} },
    res: {
      setHeader: (name: string, value: string | number | readonly string[]) => captured.push([name, value]),
      removeHeader: () => undefined,
      getHeader: () => undefined,
    },
  } as unknown as Context;
  const ready = helmetMiddleware(config)(standIn, async () => undefined).then(() => captured);
  let headers: typeof captured | null = null;
  return async (ctx, next) => {
    headers ??= await ready;
    for (const [name, value] of headers!) ctx.res.setHeader(name, value);
    ctx.res.removeHeader('X-Powered-By');
    await next();
  };
}

/** helmet itself, run on every request (what `securityHeaders` copies; exported for its test) */
export function helmetMiddleware(config: Pick<Config, 'cookieSecure'>) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd and MUI inject component styles at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://drive.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * API answers carry personal data: no browser or proxy cache keeps them unless the route says
 * otherwise (the calendar feed, for calendar apps).
 */
export async function noStoreApi(ctx: Context, next: Next) {
  await next();
  if (ctx.path.startsWith('/api/') && !ctx.response.get('Cache-Control'))
    ctx.set('Cache-Control', 'no-store');
}

/**
 * CSRF: state changes must come from our own origin. Browsers send Sec-Fetch-Site; older
 * ones send Origin. Requests with neither are not from a browser page and are let through
 * (the SameSite=Lax cookie already keeps cross-site forms out).
 */
export async function csrfProtection(ctx: Context, next: Next) {
  if (!SAFE_METHODS.has(ctx.method)) {
    const site = ctx.get('sec-fetch-site');
    if (site) {
      if (site !== 'same-origin' && site !== 'none') {
        throw new HttpError(403, 'cross_site_request', 'Cross-site requests are not allowed');
      }
    } else {
      const origin = ctx.get('origin');
      if (origin && origin !== 'null') {
        // the whole origin: scheme, host and port (an http page may not post to the https site)
        let sent: string | null;
        try {
          sent = new URL(origin).origin;
        } catch {
          sent = null;
        }
        // (Koa 3's ctx.origin is the Origin header itself: build our own from the request)
        if (sent !== `${ctx.protocol}://${ctx.host}`)
          throw new HttpError(403, 'cross_site_request', 'Cross-site requests are not allowed');
      } else if (origin === 'null') {
        throw new HttpError(403, 'cross_site_request', 'Cross-site requests are not allowed');
      }
    }
  }
  await next();
}
