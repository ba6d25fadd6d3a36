import type { Context } from 'koa';
import type { RouteDef } from '@portal/contracts';
import { HttpError, fieldMessages, zodFields } from './errors';
import { hasUnstorable, refuse } from './inputText';

export interface ValidInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Does the request carry a body at all? */
const hasBody = (ctx: Context) =>
  Number(ctx.get('content-length') || 0) > 0 || Boolean(ctx.get('transfer-encoding'));

/** 415 for any body that is not JSON, before the body parser runs. */
export function requireJsonBody(ctx: Context) {
  if (BODY_METHODS.has(ctx.method) && hasBody(ctx) && !ctx.is('application/json')) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Request body must be JSON (Content-Type: application/json)',
    );
  }
}

/** Parses params, query and body with the route's schemas; 400 with `field: message` otherwise. */
export function validateInput(ctx: Context, route: RouteDef): ValidInput {
  const fields = fieldMessages();
  const parse = (schema: RouteDef['body'], value: unknown, where: 'params' | 'query' | 'body') => {
    if (!schema) {
      if (where === 'query' && Object.keys(ctx.query).length > 0 && route.method !== 'GET') {
        Object.assign(
          fields,
          Object.fromEntries(Object.keys(ctx.query).map((k) => [`query.${k}`, 'is not allowed'])),
        );
      }
      if (
        where === 'body' &&
        value !== undefined &&
        !(typeof value === 'object' && value !== null && Object.keys(value).length === 0)
      ) {
        fields.body = 'no body is expected';
      }
      return undefined;
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      Object.assign(fields, zodFields(result.error, where === 'body' ? undefined : where));
      return undefined;
    }
    return result.data;
  };
  const params = parse(route.params, ctx.params ?? {}, 'params');
  const query = parse(route.query, { ...ctx.query }, 'query');
  const rawBody = (ctx.request as { body?: unknown }).body;
  const body = parse(route.body, rawBody === undefined && route.body ? {} : rawBody, 'body');
  if (Object.keys(fields).length > 0) {
    const message = Object.entries(fields)
      .map(([f, m]) => `${f}: ${m}`)
      .join('; ');
    throw new HttpError(400, 'invalid_input', message, fields);
  }
  // values decoded from JSON inside a query (`filter={"q":"\u0000"}`) are checked here
  if (hasUnstorable(query)) throw refuse('query');
  return { params, query, body };
}
