import type { RouteDef } from '@portal/contracts';
import type { RawResponse } from './feature';

const isRaw = (value: unknown): value is RawResponse =>
  typeof value === 'object' && value !== null && (value as RawResponse).raw === true;

const isJsonValue = (body: unknown) =>
  Array.isArray(body) ||
  (typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype);

/** A handler's answer that its route's response schema refuses: a bug, answered 500. */
export class AnswerOutsideContract extends Error {
  constructor(
    route: RouteDef,
    readonly issues: unknown[],
  ) {
    super(`Response of ${route.method} ${route.path} does not match its contract`);
  }
}

/**
 * What is sent for a handler's result. The response schema is also a filter: fields it does not
 * name never leave the server. That holds for a plain result and for a successful JSON answer
 * wrapped in `raw(...)` for its headers (the console's lists with `Content-Range`); files (CSV,
 * calendar) and answers with another status (a 409 with the current state, health's 503) are
 * sent as they are.
 */
export function answerOf(
  route: RouteDef,
  result: unknown,
): { status: number; type?: string; headers?: Record<string, string>; body: unknown } {
  if (!isRaw(result)) return { status: 200, body: filtered(route, result) };
  const status = result.status ?? 200;
  const body = status === 200 && isJsonValue(result.body) ? filtered(route, result.body) : result.body;
  return { status, type: result.type, headers: result.headers, body };
}

function filtered(route: RouteDef, result: unknown) {
  const parsed = route.response.safeParse(result);
  if (!parsed.success) throw new AnswerOutsideContract(route, parsed.error.issues);
  return parsed.data;
}
