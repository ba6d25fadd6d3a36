import { once } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import {
  LOOPBACK_API_KEY,
  LOOPBACK_LIST_ID,
  type MailchimpLoopback,
  startMailchimpLoopback,
} from '../../../../testing/loopback/mailchimpServer';
import { waitFor } from '../../../../testing/servers';
import { createUser } from '../../../../testing/users';
import { startWorkers } from '../../../../worker/src/runWorkers';
import { memberEmailJob } from '../../../../worker/src/jobs/memberEmail';
import type { JobDefinition } from '../../../../worker/src/jobs/types';
import { readStreamOrEmpty } from '../../eventStore/port';
import { subscriberHash } from './client';
import { RedisSemaphore } from './concurrency';
import { createMailchimpGateway, mailchimpSemaphoreKey } from './gateway';
import { moveMemberEmail } from './memberEmail';
import { createNewsletter, MailchimpNewsletter, NewsletterError } from './newsletter';

/**
 * The one Mailchimp gateway, with the real `@mailchimp/mailchimp_marketing` client against the
 * loopback Mailchimp (testing/mailchimpServer.ts): every caller (API routes, admin actions,
 * worker jobs) shares the 10-in-flight limit and the one retry / error classification.
 */
let mc: MailchimpLoopback;
let app: TestApp;
beforeAll(async () => {
  mc = await startMailchimpLoopback();
  app = await startTestApp(mc.env);
});
afterAll(async () => {
  await app?.close();
  await mc?.close();
});
beforeEach(() => {
  mc.seen.length = 0;
  mc.failures.length = 0;
  mc.delayMs = 0;
});

const settings = () => ({
  apiKey: LOOPBACK_API_KEY,
  serverPrefix: 'us21',
  audienceId: LOOPBACK_LIST_ID,
  baseUrl: mc.url,
});
/** An adapter through a gateway on this app's shared semaphore, with short back-off. */
const adapter = (attempts = 3) =>
  new MailchimpNewsletter(
    createMailchimpGateway(
      settings(),
      new RedisSemaphore(app.deps.redis, mailchimpSemaphoreKey(app.deps.config.REDIS_PREFIX), {
        limit: 10,
        pollMs: 5,
      }),
      { retry: { attempts, baseDelayMs: 5, maxDelayMs: 50 } },
    ),
  );

describe('Mailchimp gateway (real client library against a loopback Mailchimp)', () => {
  it('upserts the member by the MD5 of the lower-cased e-mail, reads the status back, unsubscribes with PATCH and moves an address', async () => {
    const list = adapter();
    expect(await list.status('Ana.Ruiz@Example.com')).toBe('not_found');
    expect(await list.subscribe({ email: 'Ana.Ruiz@Example.com', firstName: 'Ana', lastName: 'Ruiz' })).toBe(
      'subscribed',
    );
    const hash = subscriberHash('ana.ruiz@example.com');
    expect(mc.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      `GET /3.0/lists/${LOOPBACK_LIST_ID}/members/${hash}`,
      `PUT /3.0/lists/${LOOPBACK_LIST_ID}/members/${hash}`,
    ]);
    expect(mc.seen[1].body).toEqual({
      email_address: 'ana.ruiz@example.com',
      status_if_new: 'subscribed',
      status: 'subscribed',
      merge_fields: { FNAME: 'Ana', LNAME: 'Ruiz' },
    });
    expect(await list.status('ana.ruiz@example.com')).toBe('subscribed');
    expect(await list.unsubscribe('ana.ruiz@example.com')).toBe('unsubscribed');
    expect(mc.seen.at(-1)).toMatchObject({ method: 'PATCH', body: { status: 'unsubscribed' } });
    expect(await list.status('ana.ruiz@example.com')).toBe('unsubscribed');
    expect(await list.unsubscribe('nobody@example.com')).toBe('not_found');

    expect(await list.changeEmail('ana.ruiz@example.com', 'Ana.New@Example.com')).toBe('unsubscribed');
    expect(mc.seen.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/3.0/lists/${LOOPBACK_LIST_ID}/members/${hash}`,
      body: { email_address: 'ana.new@example.com' },
    });
    expect(mc.members.has(hash)).toBe(false);
    expect(mc.members.get(subscriberHash('ana.new@example.com'))?.email_address).toBe('ana.new@example.com');
    expect(await list.changeEmail('nobody@example.com', 'other@example.com')).toBe('not_found');
    // an account deletion erases the member for good; a member the list does not know is already gone
    await list.forget('ana.new@example.com');
    expect(mc.seen.at(-1)).toMatchObject({
      method: 'POST',
      path: `/3.0/lists/${LOOPBACK_LIST_ID}/members/${subscriberHash('ana.new@example.com')}/actions/delete-permanent`,
    });
    expect(mc.members.has(subscriberHash('ana.new@example.com'))).toBe(false);
    await expect(list.forget('ana.new@example.com')).resolves.toBeUndefined();
  });

  it('retries a 429 (honouring Retry-After) and succeeds; gives up after the attempts with rate_limited', async () => {
    const list = adapter(3);
    mc.failures.push({
      status: 429,
      retryAfter: 0,
      title: 'Too Many Requests',
      detail: 'You have exceeded the limit of 10 simultaneous connections.',
    });
    expect(await list.subscribe({ email: 'busy@example.com', firstName: 'B', lastName: 'Y' })).toBe(
      'subscribed',
    );
    expect(mc.seen.filter((s) => s.method === 'PUT')).toHaveLength(2);

    mc.seen.length = 0;
    for (let i = 0; i < 3; i++)
      mc.failures.push({ status: 429, retryAfter: 0, title: 'Too Many Requests', detail: 'Slow down' });
    const error = await list.status('busy@example.com').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NewsletterError);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(mc.seen).toHaveLength(3);
  });

  it('waits as long as Retry-After says before the next attempt', async () => {
    mc.failures.push({ status: 429, retryAfter: 1, title: 'Too Many Requests', detail: 'Slow down' });
    const started = Date.now();
    expect(await adapter(3).status('nobody@example.com')).toBe('not_found');
    expect(mc.seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('does not retry a 400 validation answer, nor a wrong API key', async () => {
    const error = await adapter(3)
      .subscribe({ email: 'someone@fake.test', firstName: 'F', lastName: 'K' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rejected', status: 400 });
    expect((error as NewsletterError).message).toMatch(/looks fake or invalid/);
    expect(mc.seen).toHaveLength(1);

    mc.seen.length = 0;
    const wrongKey = new MailchimpNewsletter(
      createMailchimpGateway(
        { ...settings(), apiKey: 'wrong' },
        new RedisSemaphore(app.deps.redis, mailchimpSemaphoreKey(app.deps.config.REDIS_PREFIX), {
          limit: 10,
        }),
        { retry: { attempts: 3, baseDelayMs: 5 } },
      ),
    );
    await expect(wrongKey.status('a@example.com')).rejects.toMatchObject({ kind: 'rejected', status: 401 });
    expect(mc.seen).toHaveLength(1);
  });

  it('holds 10 calls in flight across callers: API requests and worker gateways sharing one limit', async () => {
    mc.delayMs = 60;
    mc.maxInFlight = 0;
    const partners = await Promise.all(Array.from({ length: 12 }, () => createUser(app)));
    // a worker process: its own Redis connection and gateway, the same semaphore key
    const workerRedis = app.deps.redis.duplicate();
    if (workerRedis.status !== 'ready') await once(workerRedis, 'ready');
    const worker = createNewsletter(
      { ...app.deps, redis: workerRedis },
      { attempts: 3, baseDelayMs: 5, maxDelayMs: 50 },
    );
    const results = await Promise.all([
      ...partners.map((p) => p.client.post('/api/newsletter/subscribe', {})),
      ...Array.from({ length: 12 }, (_, i) => worker.status(`worker-${i}@example.com`)),
      ...Array.from({ length: 6 }, (_, i) => adapter().status(`sync-${i}@example.com`)),
    ]);
    await workerRedis.quit();
    expect(results.slice(0, 12).map((r) => (r as { status: number }).status)).toEqual(Array(12).fill(200));
    expect(results.slice(12)).toEqual(Array(18).fill('not_found'));
    expect(mc.maxInFlight).toBeLessThanOrEqual(10);
    expect(mc.maxInFlight).toBeGreaterThanOrEqual(5);
    // the partner calls went through the shared slots too: the API subscribes waited their turn
    expect(mc.seen.filter((s) => s.method === 'PUT')).toHaveLength(12);
  });
});

describe('newsletter endpoints with Mailchimp configured', () => {
  it('subscribe goes to Mailchimp first, then records the flag and step 1; the status read records nothing; the sync command follows Mailchimp', async () => {
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
    expect(mc.members.get(subscriberHash(user.email))?.status).toBe('subscribed');
    expect((await readStreamOrEmpty(app.deps.store, `User-${user.id}`)).map((e) => e.type)).toContain(
      'NewsletterSubscribed',
    );

    // someone unsubscribes through a Mailchimp e-mail link: the status read reports it, changes nothing
    mc.members.set(subscriberHash(user.email), {
      ...mc.members.get(subscriberHash(user.email))!,
      status: 'unsubscribed',
    });
    const head = await app.deps.store.headPosition();
    expect((await user.client.get('/api/check-newsletter-status')).body).toEqual({
      subscribed: false,
      status: 'unsubscribed',
    });
    expect(await app.deps.store.headPosition()).toBe(head);
    expect((await user.client.get('/api/me')).body.newsletter).toBe(true);

    // the sync command makes our flag and step 1 follow
    const synced = await user.client.post('/api/newsletter/sync-status');
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({
      subscribed: false,
      status: 'unsubscribed',
      progress: { step1Completed: false },
    });
    expect((await user.client.get('/api/me')).body.newsletter).toBe(false);
    expect((await user.client.get('/api/onboarding-progress')).body.progress.step1Completed).toBe(false);
  });

  it('a Mailchimp failure answers the spec failure and records nothing', async () => {
    const user = await createUser(app);
    const before = (await readStreamOrEmpty(app.deps.store, `User-${user.id}`)).length;
    mc.failures.push({
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
      mc.failures.push({ status: 429, retryAfter: 0, title: 'Too Many Requests', detail: 'Slow down' });
    const limited = await user.client.post('/api/newsletter/sync-status');
    expect(limited.status).toBe(502);
    expect(limited.headers.get('retry-after')).toBe('5');
    expect((await user.client.get('/api/me')).body.newsletter).toBe(false);
  });
});

describe("an admin's change of a member's e-mail", () => {
  it('reaches Mailchimp through a worker job: the list member moves to the new address', async () => {
    const admin = await createUser(app, { admin: true });
    const partner = await createUser(app);
    expect((await partner.client.post('/api/newsletter/subscribe', {})).status).toBe(200);
    const oldHash = subscriberHash(partner.email);
    expect(mc.members.get(oldHash)?.status).toBe('subscribed');

    const newEmail = `moved-${partner.id.slice(0, 8)}@example.test`;
    const res = await admin.client.request('PUT', `/api/admin/user/${partner.id}`, { email: newEmail });
    expect(res.status).toBe(200);
    const workers = startWorkers(app.deps, [memberEmailJob as JobDefinition<never>]);
    try {
      await waitFor(async () => mc.members.has(subscriberHash(newEmail)), 30_000, 'the member to move');
    } finally {
      await Promise.all(workers.map((w) => w.close()));
    }
    expect(mc.members.has(oldHash)).toBe(false);
    expect(mc.members.get(subscriberHash(newEmail))).toMatchObject({
      email_address: newEmail,
      status: 'subscribed',
    });
    expect(
      mc.seen.filter((s) => s.method === 'PATCH' && s.path.endsWith(oldHash)).map((s) => s.body),
    ).toEqual([{ email_address: newEmail }]);
  });

  it('two quick changes converge on the final address whatever order their jobs run in', async () => {
    const admin = await createUser(app, { admin: true });
    const partner = await createUser(app);
    expect((await partner.client.post('/api/newsletter/subscribe', {})).status).toBe(200);
    const [a, b, c] = [
      partner.email,
      `b-${partner.id.slice(0, 8)}@example.test`,
      `c-${partner.id.slice(0, 8)}@example.test`,
    ];
    for (const email of [b, c])
      expect((await admin.client.request('PUT', `/api/admin/user/${partner.id}`, { email })).status).toBe(
        200,
      );
    // the jobs of B→C and then A→B, each moving to the address the account holds when it runs
    const list = createNewsletter(app.deps);
    expect(await moveMemberEmail(app.deps, list, { userId: partner.id, from: b })).toBe('not_on_list');
    expect(await moveMemberEmail(app.deps, list, { userId: partner.id, from: a })).toBe('moved');
    expect(await moveMemberEmail(app.deps, list, { userId: partner.id, from: a })).toBe('not_on_list');
    expect([...mc.members.values()].filter((m) => [a, b, c].includes(m.email_address))).toEqual([
      expect.objectContaining({ email_address: c, status: 'subscribed' }),
    ]);
    await app.deps.queues.newsletter.obliterate({ force: true });
  });
});
