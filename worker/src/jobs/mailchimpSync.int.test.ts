import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/app';
import { testEnv, REDIS_URL } from '../../../testing/env';
import { waitFor } from '../../../testing/servers';
import { createUser } from '../../../testing/users';
import { startAudienceServer, type AudienceServer } from '../../../testing/loopback/mailchimp';
import {
  callProvider,
  ProviderError,
  RedisSemaphore,
} from '@portal/backend/integrations/mailchimp/concurrency';
import {
  audienceFor,
  mailchimpSemaphore,
  runAudienceSync,
} from '@portal/backend/integrations/mailchimp/audienceSync';
import { createMailchimpClient } from '@portal/backend/integrations/mailchimp/client';
import { startSyncRun } from '@portal/backend/integrations/mailchimp/syncRuns';

/**
 * The mailing-service sync against a loopback Mailchimp (real client library): 10,000 audience
 * members, 1,500 of them portal users, 429 and 500 answers injected, and the worker process
 * killed (SIGKILL) in the middle of the run. The run is finished by another worker process,
 * with exact results and no change recorded twice.
 */
const API_KEY = 'loopback-key-0123456789abcdef-us21';
const LIST_ID = 'audience10k';
const MEMBERS = 10_000;
const USERS = 1_500;

const memberStatus = (i: number) => (i % 3 === 0 ? 'unsubscribed' : i % 7 === 0 ? 'cleaned' : 'subscribed');
const userFlag = (i: number) => i % 2 === 0;
const email = (i: number) => `member${i}@audience.test`;
const expectedChanges = Array.from({ length: USERS }, (_, i) => i).filter(
  (i) => (memberStatus(i) === 'subscribed') !== userFlag(i),
);

let server: AudienceServer;
let app: TestApp;
let childEnv: Record<string, string>;
const children: ChildProcess[] = [];
const userIds: string[] = [];

function startWorkerProcess(): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), 'worker/src/jobs/oneQueue.testWorker.ts', 'mailchimp'],
    {
      env: { PATH: process.env.PATH, ...childEnv, SYNC_PAGE_CONCURRENCY: '12' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

const meta = () => ({ actorId: null, correlationId: 'seed', causationId: null, schemaVersion: 1 });

beforeAll(async () => {
  server = await startAudienceServer({
    apiKey: API_KEY,
    listId: LIST_ID,
    members: Array.from({ length: MEMBERS }, (_, i) => ({
      email_address: email(i),
      status: memberStatus(i),
    })),
    tooManyEvery: 13,
    serverErrorEvery: 29,
    delayMs: 10,
  });
  const mailchimpEnv = {
    MAILCHIMP_API_KEY: API_KEY,
    MAILCHIMP_SERVER_PREFIX: 'us21',
    MAILCHIMP_AUDIENCE_ID: LIST_ID,
    MAILCHIMP_BASE_URL: server.url,
  };
  app = await startTestApp(mailchimpEnv);
  childEnv = testEnv(new URL(app.databaseUrl).pathname.slice(1), mailchimpEnv);
  // 1,500 accounts recorded as events, half of them subscribed
  let position = '';
  for (let start = 0; start < USERS; start += 50) {
    const batch = Array.from({ length: Math.min(50, USERS - start) }, (_, k) => start + k);
    const results = await Promise.all(
      batch.map(async (i) => {
        const id = randomUUID();
        userIds[i] = id;
        const events = [
          {
            id: randomUUID(),
            type: 'UserRegistered',
            data: {
              userId: id,
              uid: `P-T${i}`,
              firstName: 'Member',
              lastName: String(i),
              email: email(i),
              passwordHash: '!seed',
              sponsorId: null,
              isAdmin: false,
              mustChangePassword: false,
              source: 'seed',
            },
            metadata: meta(),
          },
          ...(userFlag(i)
            ? [{ id: randomUUID(), type: 'NewsletterSubscribed', data: { source: 'seed' }, metadata: meta() }]
            : []),
        ];
        return app.deps.store.appendToStream(`User-${id}`, events, { expectedRevision: 'no_stream' });
      }),
    );
    for (const r of results) if (r.position > position) position = r.position;
  }
  await app.deps.projections.waitFor(position, { timeoutMs: 120_000 });
}, 300_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await app?.close();
  await server?.close();
});

describe('mailing-service sync', () => {
  it('limits Mailchimp calls to 10 at once across workers and backs off on 429', async () => {
    const key = `t:sem:${randomUUID()}`;
    const connections = Array.from({ length: 4 }, () => new Redis(REDIS_URL));
    try {
      const client = createMailchimpClient({
        apiKey: API_KEY,
        serverPrefix: 'us21',
        audienceId: LIST_ID,
        baseUrl: server.url,
      });
      const before = server.maxInFlight;
      server.maxInFlight = 0;
      // four "workers", each firing 20 list reads at once
      await Promise.all(
        connections.map((redis) => {
          const semaphore = new RedisSemaphore(redis, key, { limit: 10, pollMs: 5 });
          return Promise.all(
            Array.from({ length: 20 }, (_, i) =>
              callProvider(
                semaphore,
                () => client.lists.getListMembersInfo(LIST_ID, { count: 1, offset: i }),
                { baseDelayMs: 5, maxDelayMs: 20 },
              ),
            ),
          );
        }),
      );
      expect(server.maxInFlight).toBeLessThanOrEqual(10);
      expect(server.maxInFlight).toBeGreaterThan(1);
      expect(server.counts.tooMany).toBeGreaterThan(0);
      server.maxInFlight = Math.max(before, server.maxInFlight);
    } finally {
      for (const c of connections) c.disconnect();
    }
  });

  it('does not retry a 4xx answer', async () => {
    const client = createMailchimpClient({
      apiKey: 'wrong-key-us21',
      serverPrefix: 'us21',
      audienceId: LIST_ID,
      baseUrl: server.url,
    });
    const before = server.counts.requests;
    const error = await callProvider(mailchimpSemaphore(app.deps), () =>
      client.lists.getListMembersInfo(LIST_ID, { count: 1 }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.status).toBe(401);
    expect(server.counts.requests - before).toBe(1);
  });

  it('survives a worker killed mid-run: exact results, nothing doubled, finished pages not read again', async () => {
    const admin = await createUser(app, { admin: true, firstName: 'Ada', lastName: 'Admin' });
    const { run } = await startSyncRun(app.deps, { trigger: 'manual', requestedBy: admin.id, pageSize: 100 });
    const pagesDone = async () =>
      Number(
        (await app.deps.db('sync_run_pages').where({ run_id: run.id }).count({ n: '*' }).first())?.n ?? 0,
      );

    const first = startWorkerProcess();
    await waitFor(async () => (await pagesDone()) >= 25, 120_000, 'the first worker to finish 25 pages');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const killedAt = Date.now();
    const doneBeforeKill = new Set(
      (await app.deps.db('sync_run_pages').where({ run_id: run.id }).select('page')).map(
        (r: { page: number }) => r.page * 100,
      ),
    );
    expect(doneBeforeKill.size).toBeGreaterThanOrEqual(25);
    expect(doneBeforeKill.size).toBeLessThan(100);
    const mid = await admin.client.get(`/api/admin/sync-runs/${run.id}`);
    expect(mid.body.status).toBe('running');
    expect(mid.body.percent).toBeLessThan(100);

    const second = startWorkerProcess();
    await waitFor(
      async () =>
        (await app.deps.db('sync_runs').where({ id: run.id }).first('status')).status === 'completed',
      180_000,
      'the second worker to finish the run',
    );

    second.kill('SIGTERM');
    await new Promise((r) => second.once('exit', r));
    // The newest event recorded (headPosition() may trail it while a transaction is open).
    const newest = await app.deps.db.raw(
      "select max(lpad(tx_id::text, 20, '0') || ':' || lpad(global_seq::text, 20, '0')) as p from es_events",
    );
    await app.deps.projections.waitFor(newest.rows[0].p, { timeoutMs: 60_000 });

    // exact results
    const answer = await admin.client.get(`/api/admin/sync-runs/${run.id}`);
    expect(answer.body).toMatchObject({
      status: 'completed',
      adapter: 'mailchimp',
      audienceSize: MEMBERS,
      pagesTotal: 100,
      pagesDone: 100,
      total: MEMBERS,
      updated: expectedChanges.length,
      errors: 0,
      percent: 100,
    });
    const row = await app.deps.db('sync_runs').where({ id: run.id }).first();
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    const items = await app.deps
      .db('sync_run_items')
      .where({ run_id: run.id })
      .select('email', 'action', 'status');
    expect(items.map((i: { status: string }) => i.status)).toEqual(expectedChanges.map(() => 'success'));
    expect(new Set(items.map((i: { email: string }) => i.email))).toEqual(
      new Set(expectedChanges.map(email)),
    );

    // every flag now agrees with the audience
    const flags = await app.deps
      .db('users')
      .where('email_lower', 'like', '%@audience.test')
      .select('email_lower', 'newsletter');
    expect(flags).toHaveLength(USERS);
    for (const f of flags as { email_lower: string; newsletter: boolean }[]) {
      const i = Number(/member(\d+)@/.exec(f.email_lower)![1]);
      expect(f.newsletter).toBe(memberStatus(i) === 'subscribed');
    }

    // nothing doubled: exactly one newsletter event per changed user from this run
    const events = await app.deps
      .db('es_events')
      .whereRaw("metadata->>'correlationId' = ?", [`sync-${run.id}`])
      .whereIn('type', ['NewsletterSubscribed', 'NewsletterUnsubscribed'])
      .select('stream_id');
    expect(events).toHaveLength(expectedChanges.length);
    expect(new Set(events.map((e: { stream_id: string }) => e.stream_id)).size).toBe(expectedChanges.length);
    const finished = await app.deps
      .db('es_events')
      .where({ stream_id: `SyncRun-${run.id}`, type: 'SyncRunFinished' });
    expect(finished).toHaveLength(1);
    expect(finished[0].data).toMatchObject({ total: MEMBERS, updated: expectedChanges.length, errors: 0 });

    // finished pages were not read again after the crash
    const rereads = server.served.filter((s) => s.at > killedAt && doneBeforeKill.has(s.offset));
    expect(rereads).toEqual([]);
    // the provider's limits held and its failures were ridden out
    expect(server.maxInFlight).toBeLessThanOrEqual(10);
    expect(server.counts.tooMany).toBeGreaterThan(0);
    expect(server.counts.serverErrors).toBeGreaterThan(0);

    console.log(
      `sync figures: ${doneBeforeKill.size}/100 pages before SIGKILL, attempts ${row.attempts}, ${expectedChanges.length} changes, ` +
        `${server.counts.tooMany} x 429, ${server.counts.serverErrors} x 500, max ${server.maxInFlight} requests in flight`,
    );
    // details for the console
    const details = await admin.client.get(
      `/api/admin/sync-run-items?filter=${encodeURIComponent(JSON.stringify({ runId: run.id }))}&range=${encodeURIComponent('[0,9]')}`,
    );
    expect(details.headers.get('content-range')).toBe(`sync-run-items 0-9/${expectedChanges.length}`);
  }, 400_000);

  it('fails a run at once when the audience is unknown (404 is not retried)', async () => {
    const other = { ...app.deps, config: { ...app.deps.config, MAILCHIMP_AUDIENCE_ID: 'no-such-list' } };
    const { run } = await startSyncRun(app.deps, { trigger: 'manual', requestedBy: null, pageSize: 100 });
    const before = server.counts.requests;
    await expect(runAudienceSync(other, run.id, audienceFor(other))).rejects.toMatchObject({ status: 404 });
    expect(server.counts.requests - before).toBe(1);
    const row = await app.deps.db('sync_runs').where({ id: run.id }).first();
    expect(row.last_error).toMatch(/404/);
    await app.deps.db('sync_runs').where({ id: run.id }).update({ status: 'failed' });
  });
});
