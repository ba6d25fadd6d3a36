import type { Context, Next } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '../config';
import { HttpError } from './errors';

/**
 * The security headers: helmet's set with the pages' CSP for everything the browser shows, a
 * short fixed set for the API's answers. HSTS only when served over TLS.
 */
export function securityHeaders(config: Config) {
  const pages = pageHeaders(config);
  const api = Object.entries(apiHeaders(config));
  return (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/api/')) return pages(ctx, next);
    for (const [name, value] of api) ctx.res.setHeader(name, value);
    return next();
  };
}

/** What both sets share: HSTS for a year with subdomains (behind TLS), the referrer rule. */
const HSTS_SECONDS = 31_536_000;
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * An API answer is data, never a page (OWASP's REST Security Cheat Sheet): no source may load
 * from it, nothing may frame it, browsers must not guess its type; the referrer rule is the
 * pages' own. Helmet's other headers only mean something for a document.
 */
function apiHeaders(config: Config): Record<string, string> {
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': REFERRER_POLICY,
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(config.cookieSecure
      ? { 'Strict-Transport-Security': `max-age=${HSTS_SECONDS}; includeSubDomains` }
      : {}),
  };
}

function pageHeaders(config: Config) {
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
    strictTransportSecurity: config.cookieSecure ? { maxAge: HSTS_SECONDS, includeSubDomains: true } : false,
    referrerPolicy: { policy: REFERRER_POLICY },
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
