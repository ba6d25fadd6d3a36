import type { Context, Next } from 'koa';
import { HttpError } from './errors';

/**
 * Text the portal cannot store exactly as sent is refused, never altered: NUL (PostgreSQL text
 * and jsonb cannot hold it) and lone UTF-16 surrogates (they would be stored as U+FFFD).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storableText = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

export const refuse = (where: string) =>
  new HttpError(
    400,
    'invalid_characters',
    `The ${where} contains characters that cannot be stored (a NUL character or an invalid Unicode sequence).`,
  );

/** Does a JSON value hold a string (keys included) that cannot be stored? */
export function hasUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !storableText(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasUnstorable(v, depth + 1));
  return Object.entries(value).some(([k, v]) => !storableText(k) || hasUnstorable(v, depth + 1));
}

/** Printable ASCII without `%`: decodes to itself (`+` to a space), so it is always storable. */
const PLAIN = /^[\x20-\x24\x26-\x7e]*$/;

/** Percent-decoding that fails (rather than substituting U+FFFD) on invalid UTF-8. */
function decodes(component: string): boolean {
  try {
    return storableText(decodeURIComponent(component.replace(/\+/g, ' ')));
  } catch {
    return false;
  }
}

/**
 * 400 `invalid_characters` for a path, query or JSON body holding invalid percent-encoding,
 * invalid UTF-8, NUL or a lone surrogate, before any route sees it (issue 13).
 */
export async function refuseUnstorableText(ctx: Context, next: Next) {
  const { path, querystring } = ctx;
  if (!PLAIN.test(path) && !path.split('/').every(decodes)) throw refuse('address');
  if (!PLAIN.test(querystring) && !querystring.split(/[&=]/).every(decodes)) throw refuse('query');
  if (hasUnstorable((ctx.request as { body?: unknown }).body)) throw refuse('request body');
  await next();
}
