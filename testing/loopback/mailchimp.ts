import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { problem } from './mailchimpServer';

/**
 * Test support: a loopback server that speaks the parts of the Mailchimp Marketing API v3 the
 * audience sync uses (GET /3.0/lists/{list_id}/members with count/offset and total_items,
 * GET /3.0/ping, POST .../members/{hash}/actions/delete-permanent, problem+json errors, Basic
 * auth with the API key as password). It can inject 429 and 5xx answers and records how many
 * requests were in flight at once.
 */
export interface AudienceServerOptions {
  apiKey: string;
  listId: string;
  members: { email_address: string; status: string }[];
  /** answer 429 to every n-th members request (0: never) */
  tooManyEvery?: number;
  /** answer 500 to every n-th members request (0: never) */
  serverErrorEvery?: number;
  /** time each answer takes, so concurrency can be observed */
  delayMs?: number;
}

export interface AudienceServer {
  url: string;
  /** highest number of requests in flight at the same time */
  maxInFlight: number;
  counts: { requests: number; tooMany: number; serverErrors: number; pages: Map<number, number> };
  /** offsets served successfully, in order, with the time */
  served: { offset: number; at: number }[];
  deleted: string[];
  close(): Promise<void>;
}

export async function startAudienceServer(options: AudienceServerOptions): Promise<AudienceServer> {
  let inFlight = 0;
  let membersRequests = 0;
  const state: AudienceServer = {
    url: '',
    maxInFlight: 0,
    counts: { requests: 0, tooMany: 0, serverErrors: 0, pages: new Map() },
    served: [],
    deleted: [],
    close: async () => undefined,
  };
  const expectedAuth = `Basic ${Buffer.from(`user:${options.apiKey}`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    state.counts.requests++;
    res.on('close', () => inFlight--);
    const answer = () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      if (req.headers.authorization !== expectedAuth)
        return problem(res, 401, 'API Key Invalid', 'Your API key may be invalid.');
      if (url.pathname === '/3.0/ping') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ health_status: "Everything's Chimpy!" }));
      }
      const del = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})\/actions\/delete-permanent$/.exec(
        url.pathname,
      );
      if (del && req.method === 'POST') {
        state.deleted.push(del[2]);
        res.writeHead(204);
        return res.end();
      }
      const list = /^\/3\.0\/lists\/([^/]+)\/members$/.exec(url.pathname);
      if (!list || req.method !== 'GET')
        return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
      if (list[1] !== options.listId)
        return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
      membersRequests++;
      if (options.tooManyEvery && membersRequests % options.tooManyEvery === 0) {
        state.counts.tooMany++;
        return problem(
          res,
          429,
          'Too Many Requests',
          'You have exceeded the limit of 10 simultaneous connections.',
        );
      }
      if (options.serverErrorEvery && membersRequests % options.serverErrorEvery === 0) {
        state.counts.serverErrors++;
        return problem(res, 500, 'Internal Server Error', 'An unexpected internal error has occurred.');
      }
      const count = Math.min(1000, Number(url.searchParams.get('count') ?? 10));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (!Number.isInteger(count) || count < 1 || !Number.isInteger(offset) || offset < 0) {
        return problem(res, 400, 'Invalid Resource', 'count and offset must be non-negative integers');
      }
      state.counts.pages.set(offset, (state.counts.pages.get(offset) ?? 0) + 1);
      state.served.push({ offset, at: Date.now() });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          members: options.members.slice(offset, offset + count),
          list_id: options.listId,
          total_items: options.members.length,
        }),
      );
    };
    setTimeout(answer, options.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
