import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { DomainError } from '../domain/errors';
import { isDbUnavailable } from '../infra/db';
import { isRedisUnavailable } from '../infra/redis';
import { Unavailable, WrongExpectedRevision } from '../eventStore/port';
import { ProjectionTimeout } from '../projections/runner';

/** An error with an HTTP status, raised by the HTTP layer itself. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

const STATUS_BY_KIND: Record<DomainError['kind'], number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
  unavailable: 503,
};

/**
 * Field messages by field name, the names taken from the request: a dictionary with no prototype,
 * so a field named `__proto__` is a field like any other (on a plain object its assignment would
 * be lost, and the request let through).
 */
export const fieldMessages = (): Record<string, string> => Object.create(null);

export function zodFields(error: ZodError, prefix?: string): Record<string, string> {
  const fields = fieldMessages();
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || 'body';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys)
        fields[[key === 'body' ? '' : key, k].filter(Boolean).join('.')] = 'is not allowed';
      continue;
    }
    fields[key] ??= issue.message;
  }
  return fields;
}

/** What the `cookies` package throws when a Secure cookie would go out over plain HTTP. */
const SECURE_COOKIE_OVER_HTTP = 'Cannot send secure cookie over unencrypted connection';

/**
 * The one error middleware: maps every error to `{ error, message }` with the right status.
 * Unexpected errors are logged with their stack and answered 500 without details.
 */
export async function errorMiddleware(ctx: Context, next: Next) {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
      throw new HttpError(404, 'not_found', `No route ${ctx.method} ${ctx.path}`);
    }
    if (ctx.status === 405 && ctx.body == null && ctx.path.startsWith('/api/')) {
      // the router set `Allow`; the answer gets the error body like every other
      throw new HttpError(
        405,
        'method_not_allowed',
        `${ctx.method} is not allowed on ${ctx.path} (allowed: ${ctx.response.get('Allow') || 'none'})`,
      );
    }
  } catch (error) {
    const requestId = ctx.state.requestId as string | undefined;
    let status = 500;
    let body: { error: string; message: string; fields?: Record<string, string>; requestId?: string };
    if (error instanceof HttpError) {
      status = error.status;
      body = { error: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
      if (error.headers) ctx.set(error.headers);
    } else if (error instanceof DomainError) {
      status = STATUS_BY_KIND[error.kind];
      body = {
        error: error.code,
        message: error.message,
        ...(error.details?.fields ? { fields: error.details.fields } : {}),
      };
      if (error.details?.retryAfterSeconds) ctx.set('Retry-After', String(error.details.retryAfterSeconds));
    } else if (error instanceof ZodError) {
      status = 400;
      const fields = zodFields(error);
      body = {
        error: 'invalid_input',
        message: Object.entries(fields)
          .map(([f, m]) => `${f}: ${m}`)
          .join('; '),
        fields,
      };
    } else if (error instanceof WrongExpectedRevision) {
      // the command handler retried and the stream kept changing under it: nothing was recorded
      status = 409;
      body = {
        error: 'concurrent_change',
        message: 'This was changed by another request at the same moment. Please try again.',
      };
      ctx.state.logger?.warn({ err: error }, 'command gave up after concurrent changes');
    } else if (error instanceof Unavailable || isDbUnavailable(error) || isRedisUnavailable(error)) {
      status = 503;
      ctx.set('Retry-After', '5');
      body = {
        error: 'unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      };
      ctx.state.logger?.warn({ err: error }, 'dependency unavailable');
    } else if (error instanceof ProjectionTimeout) {
      // The change is recorded; only the read model is late.
      status = 503;
      ctx.set('Retry-After', '1');
      body = {
        error: 'projection_lag',
        message: 'Your change was saved but is taking longer than usual to appear. Please reload.',
      };
      ctx.state.logger?.warn({ err: error }, 'read-your-writes wait timed out');
    } else if (
      (error as { status?: number; expose?: boolean }).expose &&
      (error as { status?: number }).status
    ) {
      // koa / body-parser errors meant for the client (bad JSON, too large)
      const e = error as { status: number; message: string };
      status = e.status;
      body = {
        error: status === 413 ? 'payload_too_large' : 'invalid_body',
        message: status === 400 ? 'Request body is not valid JSON' : e.message,
      };
    } else if (error instanceof Error && error.message === SECURE_COOKIE_OVER_HTTP) {
      // Secure cookies, but this request did not come through the TLS proxy (or the proxy does
      // not send X-Forwarded-Proto): say so instead of failing with a 500.
      status = 400;
      body = { error: 'https_required', message: 'This portal must be reached over HTTPS.' };
      ctx.state.logger?.warn(
        { forwardedProto: ctx.get('x-forwarded-proto') || null },
        'request over plain HTTP while cookies are Secure: check the TLS proxy and TRUSTED_PROXY_HOPS',
      );
    } else {
      ctx.state.logger?.error({ err: error }, 'unhandled error');
      body = { error: 'internal', message: 'Something went wrong. Please try again.' };
    }
    // every 429 and 503 says when to come back (the OpenAPI document promises it)
    if ((status === 429 || status === 503) && !ctx.response.get('Retry-After')) ctx.set('Retry-After', '5');
    ctx.status = status;
    ctx.body = { ...body, ...(requestId ? { requestId } : {}) };
  }
}
