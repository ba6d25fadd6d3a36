import type { DashboardResponse } from '@portal/contracts/admin/schemas';
import { ProviderError } from '../../../integrations/mailchimp/concurrency';
import { NoAnswerError } from './figures';

/** How a health check failed: the service whose call failed, and how (the console words it). */
export type HealthFailure = NonNullable<DashboardResponse['health'][number]['failure']>;
type FailureKind = HealthFailure['kind'];

/** Node's codes of a connection that could not be made or was dropped. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'ETIMEDOUT',
  'EPIPE',
]);
/**
 * PostgreSQL's codes of a connection it would not make or dropped: class 08 and the server
 * shutting down or starting (57P01-57P03, also what a terminated backend reports).
 */
const UNREACHABLE_PG_CODE = /^08|^57P0[1-3]$/;
/** ioredis' error once its retries for a command are spent. */
const UNREACHABLE_NAMES = new Set(['MaxRetriesPerRequestError']);
/**
 * Clients' own words, where they give no code, for a connection they no longer have: ioredis (its
 * offline queue off, its connection closed) and pg (the server went away, the client broken since).
 * `failure.int.test.ts` checks them against the real clients, so an upgrade that rewords them fails.
 */
const UNREACHABLE_TEXT =
  /Connection is closed|Stream isn't writeable|Connection terminated|connection error and is not queryable/i;
/** Refused credentials or rights: Redis' NOAUTH/WRONGPASS/NOPERM, PostgreSQL's class 28 and 42501. */
const REJECTED_TEXT = /^(NOAUTH|WRONGPASS|NOPERM)\b/;
const REJECTED_PG_CODE = /^28|^42501$/;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and what it wraps: its cause, and an AggregateError's errors (Node's dual-stack connect). */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!error || typeof error !== 'object' || depth > 4) return;
  const e = error as ErrorLike;
  yield e;
  yield* chain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

/** What kind of failure `error` is, from its class, its code or (clients without codes) its text. */
export function failureKind(error: unknown): FailureKind {
  const errors = [...chain(error)];
  const any = (test: (e: ErrorLike) => boolean) => errors.some(test);
  const text = (e: ErrorLike) => (typeof e.message === 'string' ? e.message : '');
  if (any((e) => e instanceof NoAnswerError || e.name === 'KnexTimeoutError' || e.code === 'ECONNABORTED'))
    return 'timeout';
  if (any((e) => e instanceof ProviderError && (e.status === 401 || e.status === 403))) return 'rejected';
  if (any((e) => REJECTED_TEXT.test(text(e)) || REJECTED_PG_CODE.test(String(e.code ?? ''))))
    return 'rejected';
  if (
    any(
      (e) =>
        UNREACHABLE_CODES.has(String(e.code)) ||
        UNREACHABLE_PG_CODE.test(String(e.code ?? '')) ||
        UNREACHABLE_NAMES.has(String(e.name)) ||
        UNREACHABLE_TEXT.test(text(e)),
    )
  )
    return 'unreachable';
  if (any((e) => e instanceof ProviderError && e.status === 0)) return 'unreachable';
  return 'error';
}

/**
 * Runs a check's calls, remembering the service each one calls, so that a failure names the
 * service whose call failed (the event store's check reads the store, then the database).
 */
export class ServiceCalls {
  constructor(public service: HealthFailure['service']) {}
  /** `fn`'s calls go to `service` */
  async to<T>(service: HealthFailure['service'], fn: () => Promise<T>): Promise<T> {
    this.service = service;
    return fn();
  }
  failure(error: unknown): HealthFailure {
    return { service: this.service, kind: failureKind(error) };
  }
}
