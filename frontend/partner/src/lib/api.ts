import i18n from 'i18next';
import type { BodyOf, Endpoint, ErrorBody, ParamsOf, QueryOf, ResponseOf } from '@portal/contracts/core/http';
import { rememberThisPage } from './returnTo';
import { leaveTo } from '../../../shared/leave';

/**
 * A non-OK answer. `message` is `${status}: ${body text || status text}` (spec 000 section 8);
 * `body` keeps the parsed `{ error, message }` answer when the server sent one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
    readonly body: Partial<ErrorBody> | null,
    /** seconds the server asks to wait before trying again (its `Retry-After`), when it said */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The server's message for people, when it sent one. */
  get serverMessage(): string | undefined {
    const m = this.body?.message;
    return typeof m === 'string' && m.trim() ? m : undefined;
  }

  /** The server's stable error id, when it sent one. */
  get code(): string | undefined {
    return typeof this.body?.error === 'string' ? this.body.error : undefined;
  }
}

/** What to do with a 401 answer. */
export type On401 = 'redirect' | 'returnNull' | 'throw';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<R> {
  body?: BodyOf<R>;
  query?: [QueryOf<R>] extends [never] ? Record<string, QueryValue> : QueryOf<R>;
  params?: [ParamsOf<R>] extends [never] ? Record<string, string | number> : ParamsOf<R>;
  /** a sign-in attempt: a 401 is an ordinary failure shown in the form, never a redirect */
  loginAttempt?: boolean;
  /** default 'redirect' (to /login), as spec section 8 says; login attempts always 'throw' */
  on401?: On401;
  signal?: AbortSignal;
  /**
   * fetch's cache mode; 'no-store' skips the browser's HTTP cache, and the browser then sends
   * `Cache-Control: no-cache` and `Pragma: no-cache` itself (the Fetch standard's rule)
   */
  cache?: RequestCache;
}

/**
 * Where the browser goes on a 401 (the session ended): the page is remembered first, so the next
 * sign-in comes back to it (`lib/returnTo.ts`). Replaced in tests.
 */
export const authRedirect = {
  go: (url: string) => {
    rememberThisPage(true);
    leaveTo(url);
  },
};

/** `/api/x/:id` or `/api/x/{id}` with its parameters filled in. */
export function fillPath(path: string, params?: Record<string, unknown>): string {
  if (!params) return path;
  return path.replace(
    /:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\}/g,
    (whole, a: string | undefined, b: string | undefined) => {
      const name = (a ?? b) as string;
      const value = params[name];
      if (value === undefined || value === null)
        throw new Error(`Missing path parameter ${name} for ${path}`);
      return encodeURIComponent(String(value));
    },
  );
}

export function withQuery(path: string, query?: Record<string, unknown>): string {
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    qs.append(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

function parseErrorBody(text: string): Partial<ErrorBody> | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Partial<ErrorBody>) : null;
  } catch {
    return null;
  }
}

/** Low-level call: method + path, JSON in and out, session cookies always included. */
export async function rawRequest(
  method: string,
  path: string,
  opts: Pick<RequestOptions<unknown>, 'loginAttempt' | 'on401' | 'signal' | 'cache'> & {
    body?: unknown;
  } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  } else if (method !== 'GET' && method !== 'HEAD') {
    // JSON-only API: state changes always carry a JSON body, even an empty one
    headers['Content-Type'] = 'application/json';
    body = '{}';
  }
  const res = await fetch(path, {
    method,
    headers,
    body,
    credentials: 'include',
    signal: opts.signal,
    cache: opts.cache,
  });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    const on401: On401 = opts.loginAttempt ? 'throw' : (opts.on401 ?? 'redirect');
    if (res.status === 401 && on401 === 'returnNull') return null;
    const error = new ApiError(
      res.status,
      res.statusText,
      text,
      parseErrorBody(text),
      retryAfterOf(res.headers.get('Retry-After')),
    );
    if (res.status === 401 && on401 === 'redirect') authRedirect.go('/login');
    throw error;
  }
  if (res.status === 204) return null;
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

declare const routeType: unique symbol;

/**
 * An endpoint (method and path) that carries its contract route's type, so the one argument
 * fixes the body, query, parameters and answer of a call. Made by `typedEndpoints` only; the
 * route type exists at compile time alone (no schema code reaches the browser).
 */
export interface ApiEndpoint<R> extends Endpoint {
  readonly [routeType]?: R;
}

/**
 * Pairs each endpoint of a contract group with the route of the same name:
 * `typedEndpoints<AuthRoutes>()(authEndpoints).login` is `ApiEndpoint<AuthRoutes['login']>`.
 * A group whose names differ from its routes' does not compile.
 */
export const typedEndpoints =
  <Routes>() =>
  <E extends Record<keyof Routes, Endpoint>>(
    endpoints: E,
  ): { readonly [K in keyof Routes]: ApiEndpoint<Routes[K]> } =>
    endpoints as { readonly [K in keyof Routes]: ApiEndpoint<Routes[K]> };

/**
 * Typed call of a contract route: `request(authApi.login, { body })`. The endpoint carries the
 * route's types (see `lib/endpoints.ts`), so a body or answer of another route cannot compile.
 */
export async function request<R>(
  endpoint: ApiEndpoint<R>,
  opts: RequestOptions<R> = {},
): Promise<ResponseOf<R>> {
  const path = withQuery(
    fillPath(endpoint.path, opts.params as Record<string, unknown> | undefined),
    opts.query as Record<string, unknown> | undefined,
  );
  return (await rawRequest(endpoint.method, path, {
    body: opts.body,
    loginAttempt: opts.loginAttempt,
    on401: opts.on401,
    signal: opts.signal,
    cache: opts.cache,
  })) as ResponseOf<R>;
}

/** `Retry-After` in seconds (the API sends seconds, never a date); undefined when absent or not a number. */
const retryAfterOf = (header: string | null): number | undefined => {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
};

/**
 * The translation of a failed call's error id, when the app knows it (`common:serverErrors.<id>`).
 * When the server said how long to wait, `<id>_wait` tells it in whole minutes, where it exists.
 */
export const translatedServerMessageOf = (e: unknown): string | undefined => {
  if (!(e instanceof ApiError) || !e.code || !i18n.isInitialized) return undefined;
  const key = `common:serverErrors.${e.code}`;
  if (e.retryAfterSeconds) {
    const minutes = { count: Math.ceil(e.retryAfterSeconds / 60) };
    if (i18n.exists(`${key}_wait`, minutes)) return i18n.t(`${key}_wait`, minutes);
  }
  return i18n.exists(key) ? i18n.t(key) : undefined;
};

/**
 * The message of a failed call for people: the translation of the server's error id when the
 * app knows it (so answers read in the chosen language), else the server's own message, if any.
 */
export const serverMessageOf = (e: unknown): string | undefined =>
  translatedServerMessageOf(e) ?? (e instanceof ApiError ? e.serverMessage : undefined);
