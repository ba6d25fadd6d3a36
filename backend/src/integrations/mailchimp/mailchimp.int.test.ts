import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { createUser } from '../../../../testing/users';
import { readStreamOrEmpty } from '../../eventStore/port';
import { subscriberHash } from './client';
import { MailchimpNewsletter, NewsletterError } from './newsletter';

/**
 * A loopback server speaking the parts of the Mailchimp Marketing API v3 we use
 * (list members by MD5 of the lower-cased e-mail; problem+json errors; Basic auth with the
 * API key as password). The real client library talks to it through MAILCHIMP_BASE_URL.
 */
const API_KEY = 'test-key-0123456789abcdef-us21';
const LIST_ID = 'list42';

interface Member {
  id: string;
  email_address: string;
  status: string;
  merge_fields: Record<string, unknown>;
}
interface Seen {
  method: string;
  path: string;
  body: unknown;
  auth: string | undefined;
}

const members = new Map<string, Member>();
const seen: Seen[] = [];
/** answers to give before the next normal one: [status, retryAfterSeconds?, problem title] */
const failures: { status: number; retryAfter?: number; title: string; detail: string }[] = [];
let server: http.Server;
let baseUrl: string;

const problem = (
  res: http.ServerResponse,
  status: number,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/problem+json; charset=utf-8', ...headers });
  res.end(
    JSON.stringify({
      type: 'https://mailchimp.com/developer/marketing/docs/errors/',
      title,
      status,
      detail,
      instance: 'test',
    }),
  );
};

function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
  const url = new URL(req.url ?? '/', 'http://x');
  const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
  seen.push({ method: req.method!, path: url.pathname, body, auth: req.headers.authorization });
  const expectedAuth = `Basic ${Buffer.from(`user:${API_KEY}`).toString('base64')}`;
  if (req.headers.authorization !== expectedAuth)
    return problem(res, 401, 'API Key Invalid', 'Your API key may be invalid.');
  const failure = failures.shift();
  if (failure) {
    return problem(
      res,
      failure.status,
      failure.title,
      failure.detail,
      failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {},
    );
  }
  const m = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})$/.exec(url.pathname);
  if (!m || m[1] !== LIST_ID)
    return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
  const hash = m[2];
  const existing = members.get(hash);
  const send = (member: Member) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ ...member, list_id: LIST_ID, unique_email_id: hash.slice(0, 10) }));
  };
  switch (req.method) {
    case 'GET':
      return existing
        ? send(existing)
        : problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
    case 'PUT': {
      const email = String(body?.email_address ?? '');
      if (subscriberHash(email) !== hash)
        return problem(res, 400, 'Invalid Resource', 'The email address does not match the subscriber hash.');
      if (email.endsWith('@fake.test'))
        return problem(
          res,
          400,
          'Invalid Resource',
          `${email} looks fake or invalid, please enter a real email address.`,
        );
      const status = String(
        existing ? (body?.status ?? existing.status) : (body?.status_if_new ?? body?.status),
      );
      const member: Member = {
        id: hash,
        email_address: email,
        status,
        merge_fields: (body?.merge_fields as Record<string, unknown>) ?? {},
      };
      members.set(hash, member);
      return send(member);
    }
    case 'PATCH': {
      if (!existing)
        return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
      const member = { ...existing, status: String(body?.status ?? existing.status) };
      members.set(hash, member);
      return send(member);
    }
    default:
      return problem(res, 405, 'Method Not Allowed', 'The requested method and resource are not compatible.');
  }
}

let app: TestApp;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await startTestApp({
    MAILCHIMP_API_KEY: API_KEY,
    MAILCHIMP_SERVER_PREFIX: 'us21',
    MAILCHIMP_AUDIENCE_ID: LIST_ID,
    MAILCHIMP_BASE_URL: baseUrl,
  });
});
afterAll(async () => {
  await app?.close();
  server?.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  seen.length = 0;
  failures.length = 0;
});

const adapter = (maxAttempts = 3) =>
  new MailchimpNewsletter(
    { apiKey: API_KEY, serverPrefix: 'us21', audienceId: LIST_ID, baseUrl },
    { maxAttempts, maxBackoffMs: 50 },
  );

describe('Mailchimp adapter (real client library against a loopback Mailchimp)', () => {
  it('upserts the member by the MD5 of the lower-cased e-mail, reads the status back, and unsubscribes with PATCH', async () => {
    const mc = adapter();
    expect(await mc.status('Ana.Ruiz@Example.com')).toBe('not_found');
    expect(await mc.subscribe({ email: 'Ana.Ruiz@Example.com', firstName: 'Ana', lastName: 'Ruiz' })).toBe(
      'subscribed',
    );
    const hash = subscriberHash('ana.ruiz@example.com');
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      `GET /3.0/lists/${LIST_ID}/members/${hash}`,
      `PUT /3.0/lists/${LIST_ID}/members/${hash}`,
    ]);
    expect(seen[1].body).toEqual({
      email_address: 'ana.ruiz@example.com',
      status_if_new: 'subscribed',
      status: 'subscribed',
      merge_fields: { FNAME: 'Ana', LNAME: 'Ruiz' },
    });
    expect(await mc.status('ana.ruiz@example.com')).toBe('subscribed');
    expect(await mc.unsubscribe('ana.ruiz@example.com')).toBe('unsubscribed');
    expect(seen.at(-1)).toMatchObject({ method: 'PATCH', body: { status: 'unsubscribed' } });
    expect(await mc.status('ana.ruiz@example.com')).toBe('unsubscribed');
    expect(await mc.unsubscribe('nobody@example.com')).toBe('not_found');
  });

  it('retries a 429 (honouring Retry-After) and succeeds; gives up after the attempts with rate_limited', async () => {
    const mc = adapter(3);
    failures.push({
      status: 429,
      retryAfter: 0,
      title: 'Too Many Requests',
      detail: 'You have exceeded the limit of 10 simultaneous connections.',
    });
    expect(await mc.subscribe({ email: 'busy@example.com', firstName: 'B', lastName: 'Y' })).toBe(
      'subscribed',
    );
    expect(seen.filter((s) => s.method === 'PUT')).toHaveLength(2);

    seen.length = 0;
    for (let i = 0; i < 3; i++)
      failures.push({ status: 429, retryAfter: 0, title: 'Too Many Requests', detail: 'Slow down' });
    const error = await mc.status('busy@example.com').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NewsletterError);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(seen).toHaveLength(3);
  });

  it('does not retry a 400 validation answer', async () => {
    const mc = adapter(3);
    const error = await mc
      .subscribe({ email: 'someone@fake.test', firstName: 'F', lastName: 'K' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', status: 400 });
    expect((error as NewsletterError).detail).toMatch(/looks fake or invalid/);
    expect(seen).toHaveLength(1);
  });

  it('a wrong API key is a rejection, not retried', async () => {
    const mc = new MailchimpNewsletter(
      { apiKey: 'wrong', serverPrefix: 'us21', audienceId: LIST_ID, baseUrl },
      { maxBackoffMs: 10 },
    );
    await expect(mc.status('a@example.com')).rejects.toMatchObject({ kind: 'rejected', status: 401 });
    expect(seen).toHaveLength(1);
  });
});

describe('newsletter endpoints with Mailchimp configured', () => {
  it('subscribe goes to Mailchimp first, then records the flag and step 1; status is read back from Mailchimp', async () => {
    const user = await createUser(app);
    const res = await user.client.post('/api/newsletter/subscribe', {
      email: user.email,
      firstName: 'Test',
      lastName: 'User',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subscribed: true,
      status: 'subscribed',
      progress: { step1Completed: true },
    });
    expect(members.get(subscriberHash(user.email))?.status).toBe('subscribed');
    expect((await readStreamOrEmpty(app.deps.store, `User-${user.id}`)).map((e) => e.type)).toContain(
      'NewsletterSubscribed',
    );

    // someone unsubscribes through a Mailchimp e-mail link: the status check follows Mailchimp
    members.set(subscriberHash(user.email), {
      ...members.get(subscriberHash(user.email))!,
      status: 'unsubscribed',
    });
    expect((await user.client.get('/api/check-newsletter-status')).body).toEqual({
      subscribed: false,
      status: 'unsubscribed',
    });
    expect((await user.client.get('/api/me')).body.newsletter).toBe(false);
    expect((await user.client.get('/api/onboarding-progress')).body.progress.step1Completed).toBe(false);
  });

  it('a Mailchimp failure answers the spec failure and records nothing', async () => {
    const user = await createUser(app);
    const before = (await readStreamOrEmpty(app.deps.store, `User-${user.id}`)).length;
    failures.push({
      status: 400,
      title: 'Member In Compliance State',
      detail: 'The contact is in a compliance state.',
    });
    const res = await user.client.post('/api/newsletter/subscribe', {});
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      error: 'newsletter_failed',
      message: 'Failed to subscribe to newsletter. Please try again.',
    });
    expect(res.text).not.toContain('compliance');
    expect((await readStreamOrEmpty(app.deps.store, `User-${user.id}`)).length).toBe(before);
    expect(await readStreamOrEmpty(app.deps.store, `Onboarding-${user.id}`)).toEqual([]);

    for (let i = 0; i < 3; i++)
      failures.push({ status: 429, retryAfter: 0, title: 'Too Many Requests', detail: 'Slow down' });
    const limited = await user.client.get('/api/check-newsletter-status');
    expect(limited.status).toBe(502);
    expect(limited.headers.get('retry-after')).toBe('5');
    expect((await user.client.get('/api/me')).body.newsletter).toBe(false);
  });
});
