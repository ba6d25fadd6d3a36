import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a loopback server speaking the parts of the Mailchimp Marketing API v3 the
 * newsletter gateway uses — list members addressed by the MD5 of the lower-cased e-mail (GET,
 * PUT upsert, PATCH including a change of `email_address`), GET /3.0/ping, problem+json errors,
 * Basic auth with the API key as password. The real `@mailchimp/mailchimp_marketing` client
 * talks to it through MAILCHIMP_BASE_URL. It records every request, can answer queued failures
 * (429 with Retry-After, 4xx, 5xx) and measures how many requests were in flight at once.
 */
export const LOOPBACK_API_KEY = 'test-key-0123456789abcdef-us21';
export const LOOPBACK_LIST_ID = 'list42';

interface LoopbackMember {
  id: string;
  email_address: string;
  status: string;
  merge_fields: Record<string, unknown>;
}
interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
  auth: string | undefined;
}
interface QueuedFailure {
  status: number;
  retryAfter?: number;
  title: string;
  detail: string;
}

export interface MailchimpLoopback {
  url: string;
  /** the env a test app needs to use this server */
  env: Record<string, string>;
  /** members by subscriber hash */
  members: Map<string, LoopbackMember>;
  seen: SeenRequest[];
  /** answered, in order, before normal answers */
  failures: QueuedFailure[];
  /** highest number of requests in flight at once (reset it to measure a phase) */
  maxInFlight: number;
  /** time each answer takes, so concurrency can be observed */
  delayMs: number;
  /** requests that would change the audience (anything but GET) */
  writes(): SeenRequest[];
  close(): Promise<void>;
}

/** A Mailchimp error answer (problem+json), as the API documents it. */
export function problem(
  res: http.ServerResponse,
  status: number,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/problem+json; charset=utf-8', ...headers });
  res.end(
    JSON.stringify({
      type: 'https://mailchimp.com/developer/marketing/docs/errors/',
      title,
      status,
      detail,
      instance: 'loopback',
    }),
  );
}

export const memberHash = (email: string) =>
  createHash('md5').update(email.trim().toLowerCase()).digest('hex');

export async function startMailchimpLoopback(): Promise<MailchimpLoopback> {
  let inFlight = 0;
  const state: MailchimpLoopback = {
    url: '',
    env: {},
    members: new Map(),
    seen: [],
    failures: [],
    maxInFlight: 0,
    delayMs: 0,
    writes: () => state.seen.filter((s) => s.method !== 'GET'),
    close: async () => undefined,
  };
  const expectedAuth = `Basic ${Buffer.from(`user:${LOOPBACK_API_KEY}`).toString('base64')}`;
  const notFound = (res: http.ServerResponse) =>
    problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://loopback');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    state.seen.push({ method: req.method!, path: url.pathname, body, auth: req.headers.authorization });
    if (req.headers.authorization !== expectedAuth)
      return problem(res, 401, 'API Key Invalid', 'Your API key may be invalid.');
    const failure = state.failures.shift();
    if (failure) {
      return problem(
        res,
        failure.status,
        failure.title,
        failure.detail,
        failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {},
      );
    }
    const send = (json: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(json));
    };
    if (url.pathname === '/3.0/ping') return send({ health_status: "Everything's Chimpy!" });
    const del = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})\/actions\/delete-permanent$/.exec(
      url.pathname,
    );
    if (del && req.method === 'POST') {
      if (!state.members.delete(del[2])) return notFound(res);
      res.writeHead(204);
      return res.end();
    }
    const m = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})$/.exec(url.pathname);
    if (!m || m[1] !== LOOPBACK_LIST_ID) return notFound(res);
    const hash = m[2];
    const existing = state.members.get(hash);
    const member = (x: LoopbackMember) =>
      send({ ...x, list_id: LOOPBACK_LIST_ID, unique_email_id: x.id.slice(0, 10) });
    switch (req.method) {
      case 'GET':
        return existing ? member(existing) : notFound(res);
      case 'PUT': {
        const email = String(body?.email_address ?? '');
        if (memberHash(email) !== hash)
          return problem(
            res,
            400,
            'Invalid Resource',
            'The email address does not match the subscriber hash.',
          );
        if (email.endsWith('@fake.test'))
          return problem(
            res,
            400,
            'Invalid Resource',
            `${email} looks fake or invalid, please enter a real email address.`,
          );
        const next: LoopbackMember = {
          id: hash,
          email_address: email,
          status: String(
            existing ? (body?.status ?? existing.status) : (body?.status_if_new ?? body?.status),
          ),
          merge_fields: (body?.merge_fields as Record<string, unknown>) ?? existing?.merge_fields ?? {},
        };
        state.members.set(hash, next);
        return member(next);
      }
      case 'PATCH': {
        if (!existing) return notFound(res);
        const next = { ...existing, status: String(body?.status ?? existing.status) };
        if (typeof body?.email_address === 'string') {
          // a new address re-keys the member (its hash is the MD5 of the address)
          const newHash = memberHash(body.email_address);
          if (newHash !== hash && state.members.has(newHash))
            return problem(res, 400, 'Member Exists', `${body.email_address} is already a list member.`);
          state.members.delete(hash);
          next.email_address = body.email_address.trim().toLowerCase();
          next.id = newHash;
        }
        state.members.set(next.id, next);
        return member(next);
      }
      default:
        return problem(
          res,
          405,
          'Method Not Allowed',
          'The requested method and resource are not compatible.',
        );
    }
  }

  const server = http.createServer((req, res) => {
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => setTimeout(() => handle(req, res, raw), state.delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.env = {
    MAILCHIMP_API_KEY: LOOPBACK_API_KEY,
    MAILCHIMP_SERVER_PREFIX: 'us21',
    MAILCHIMP_AUDIENCE_ID: LOOPBACK_LIST_ID,
    MAILCHIMP_BASE_URL: state.url,
  };
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
