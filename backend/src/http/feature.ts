import type Koa from 'koa';
import type { z } from 'zod';
import type { RouteDef } from '@portal/contracts';
import type { CommandMetadata } from '../app/commandHandler';
import type { UserRecord } from '../app/users';
import type { Logger } from '../infra/logger';
import type { Projection } from '../projections/projection';
import type { SessionData } from './sessions';

/** What a handler knows about the request besides its validated input. */
export interface RequestContext {
  ctx: Koa.Context;
  requestId: string;
  ip: string;
  logger: Logger;
  /** the signed-in user (always set for routes whose access is not 'public') */
  user: UserRecord | null;
  session: SessionData;
  /** metadata for events recorded by this request: actor, correlation, idempotency key */
  commandMetadata(): CommandMetadata;
}

/** A non-JSON answer (CSV, calendar) or one with a custom status / headers. */
export interface RawResponse {
  raw: true;
  status?: number;
  type?: string;
  headers?: Record<string, string>;
  body: string | Buffer | NodeJS.ReadableStream | object;
}

export const raw = (
  body: RawResponse['body'],
  options: Omit<RawResponse, 'raw' | 'body'> = {},
): RawResponse => ({
  raw: true,
  body,
  ...options,
});

type Out<T> = [T] extends [z.ZodNever] ? undefined : T extends z.ZodType ? z.output<T> : undefined;

type HandlerFor<R> =
  R extends RouteDef<infer P, infer Q, infer B, infer S>
    ? (
        input: { params: Out<P>; query: Out<Q>; body: Out<B> },
        rc: RequestContext,
      ) => Promise<z.input<S> | RawResponse>
    : never;

export type HandlersFor<T extends Record<string, RouteDef>> = { [K in keyof T]: HandlerFor<T[K]> };

type AnyHandler = (
  input: { params: unknown; query: unknown; body: unknown },
  rc: RequestContext,
) => Promise<unknown>;

/** A feature: its routes with their handlers, and the projections it owns. */
export interface Feature {
  name: string;
  routes: Record<string, RouteDef>;
  handlers: Record<string, AnyHandler>;
  projections: Projection[];
  /** runs once when the API starts (after migrations), e.g. to create the bootstrap admin */
  onStart?: () => Promise<void>;
}

export function defineFeature<T extends Record<string, RouteDef>>(
  name: string,
  routes: T,
  handlers: HandlersFor<T>,
  projections: Projection[] = [],
  onStart?: () => Promise<void>,
): Feature {
  return { name, routes, handlers: handlers as unknown as Record<string, AnyHandler>, projections, onStart };
}
