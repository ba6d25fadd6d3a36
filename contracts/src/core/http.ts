import { z } from 'zod';

/** Who may call a route. Every route declares one; a route without a policy is refused. */
export type Access =
  /** anyone, signed in or not */
  | 'public'
  /**
   * a session opened with the password alone, even one that still owes its second factor
   * (me, logout, the code step)
   */
  | 'signedIn'
  /**
   * a signed-in user past the second factor (when enrolled), including one who must still
   * change a temporary password or (an admin) enrol a second factor
   */
  | 'session'
  /**
   * a signed-in user with no pending password change, including an admin who must still enrol
   * a second factor (the enrolment itself)
   */
  | 'enrolment'
  /** a signed-in, unlocked user with no pending password change, second factor or enrolment */
  | 'user'
  /** a signed-in admin (isAdmin or the configured admin e-mail) */
  | 'admin';

import type { Endpoint } from './endpoint';

/** Routes slow by design, each kind judged apart by the health figures (see `slowByDesign`). */
export type SlowByDesign = 'password' | 'services';

export type { Endpoint } from './endpoint';

export interface RouteDef<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> extends Endpoint {
  access: Access;
  summary: string;
  tags?: string[];
  params?: Params;
  query?: Query;
  body?: Body;
  response: Res;
  /** content type of a successful answer when it is not JSON */
  produces?: 'text/csv' | 'text/calendar';
  /**
   * Why the route is slow by design, so the health figures judge it apart from the others:
   * `password` hashes or checks a password with bcrypt (cost 12); `services` is the console's
   * monitoring (health checks, system figures) and the spec's sync call, which wait on every
   * service they report on up to its time-out. A route that merely calls a service on the way
   * (a newsletter change) stays judged on speed.
   */
  slowByDesign?: SlowByDesign;
  /**
   * Error answers the handler itself may give, beyond the ones the HTTP layer gives every route
   * of its shape (derived in `core/answers.ts`): status → when it happens, or `{ when, body }`
   * when the answer carries more than `errorBody`. The OpenAPI document is built from both.
   */
  errors?: { [S in ErrorStatus]?: string | { when: string; body: z.ZodType } };
  /**
   * A react-admin list (ra-data-simple-rest): the body is one page of rows and
   * `Content-Range: <listOf> <first>-<last>/<total>` carries the total (an empty page: `<listOf> *` and
   * the total).
   */
  listOf?: string;
}

/** Error statuses the API answers (see `core/answers.ts` for which route gets which). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

export const defineRoute = <
  Params extends z.ZodType = z.ZodNever,
  Query extends z.ZodType = z.ZodNever,
  Body extends z.ZodType = z.ZodNever,
  Res extends z.ZodType = z.ZodType,
>(
  def: RouteDef<Params, Query, Body, Res>,
) => def;

export type BodyOf<R> = R extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type QueryOf<R> = R extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type ParamsOf<R> = R extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type ResponseOf<R> =
  R extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer S> ? z.output<S> : never;

/** Body of every error answer. `error` is a stable id, `message` is for people. */
export const errorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error', description: 'Body of every error answer' });
export type ErrorBody = z.infer<typeof errorBody>;

/** Strings from a query string: trimmed, empty means absent. */
export const queryText = (max = 200) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim())
    .optional();

export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
