import type { z } from 'zod';
import { errorBody, type ErrorStatus, type RouteDef } from './http';

/** Response headers the API sends that clients read. */
export type AnswerHeader = 'X-Request-Id' | 'Retry-After' | 'Content-Range' | 'Content-Disposition';

export interface Answer {
  status: 200 | ErrorStatus;
  description: string;
  /** media type of the body */
  type: string;
  body: z.ZodType;
  /** headers every answer of this status carries */
  headers: AnswerHeader[];
  /** headers some answers of this status carry */
  optionalHeaders?: AnswerHeader[];
}

/**
 * Every answer a route can give, derived from its contract: what the HTTP layer does for every
 * route of its shape (`createApp`: access policy, CSRF, content type, body size, write limits,
 * Idempotency-Key, dependency outages) plus the answers the route declares in `errors`. The
 * OpenAPI document is built from this, so a new route is documented the moment it is declared.
 */
export function answersOf(route: RouteDef): Answer[] {
  const writes = route.method !== 'GET';
  const derived: Partial<Record<ErrorStatus, string>> = {
    400: 'Invalid input: `message` names each field (`fields` maps field to message); also a body that is not JSON or not UTF-8, characters that cannot be stored (NUL, lone surrogates), or a malformed Idempotency-Key.',
    503: 'PostgreSQL, Redis or the event store cannot be reached, or a read model is late; retry after `Retry-After` seconds.',
  };
  if (route.access !== 'public') derived[401] = 'Not signed in, the session ended, or the account is locked.';
  const forbidden = [
    route.access === 'admin' && 'The signed-in user is not an admin.',
    (route.access === 'user' || route.access === 'admin') &&
      'The account must change its temporary password first (`password_change_required`).',
    writes && 'A cross-site request (`Sec-Fetch-Site` or `Origin` of another site).',
  ].filter(Boolean);
  if (forbidden.length) derived[403] = forbidden.join(' ');
  if (route.body) {
    derived[413] = 'The body is larger than 256 KB.';
    derived[415] = 'The body is not JSON (`Content-Type: application/json`), or it is compressed.';
  }
  if (writes) {
    derived[422] = 'This Idempotency-Key was already used for a different request; nothing was changed.';
    derived[429] =
      'The signed-in account sends changes too often or too much data today; retry after `Retry-After` seconds.';
  }

  const statuses = new Set<ErrorStatus>([
    ...(Object.keys(derived).map(Number) as ErrorStatus[]),
    ...(Object.keys(route.errors ?? {}).map(Number) as ErrorStatus[]),
  ]);
  const answers: Answer[] = [
    {
      status: 200,
      description: route.listOf
        ? `One page of ${route.listOf}; \`Content-Range: ${route.listOf} <first>-<last>/<total>\` carries the total.`
        : 'Success.',
      type: route.produces ?? 'application/json',
      body: route.response,
      headers: [
        'X-Request-Id',
        ...(route.listOf ? (['Content-Range'] as const) : []),
        ...(route.produces ? (['Content-Disposition'] as const) : []),
      ],
    },
  ];
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const declared = route.errors?.[status];
    const when = typeof declared === 'string' ? declared : declared?.when;
    answers.push({
      status,
      description: [derived[status], when].filter(Boolean).join(' '),
      type: 'application/json',
      body: (typeof declared === 'object' && declared.body) || errorBody,
      headers: status === 429 || status === 503 ? ['X-Request-Id', 'Retry-After'] : ['X-Request-Id'],
      ...(status === 502 ? { optionalHeaders: ['Retry-After' as const] } : {}),
    });
  }
  return answers;
}
