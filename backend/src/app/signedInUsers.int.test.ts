import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createClient, startTestApp } from '../../../testing/app';
import { createUser } from '../../../testing/users';
import { createApp } from '../http/createApp';
import { buildRuntime, type Runtime } from './bootstrap';
import { userCommand } from '../../../testing/auth';
import { randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '../eventStore/postgres';

/**
 * The signed-in user is cached per process and invalidated by every change of the user, in the
 * command path: a second runtime on the same database and Redis (another process's cache) sees
 * each change on its next request.
 */
let app: TestApp;
let other: Runtime;
let otherUrl: string;
let server: http.Server;

beforeAll(async () => {
  app = await startTestApp();
  other = buildRuntime(app.deps.config, { logger: app.deps.logger });
  await other.ready();
  server = http.createServer(createApp(other.deps, other.features).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await other?.close();
  await app?.close();
});

/** Counts the prepared reads named `name` (the user row by default) in a runtime. */
function countUserReads(runtime: Pick<Runtime, 'deps'>, name = 'user-by-id') {
  const reads = runtime.deps.hotReads;
  const original = reads.one.bind(reads);
  const counter = { n: 0 };
  reads.one = (query, text, values) => {
    if (query === name) counter.n++;
    return original(query, text, values);
  };
  return counter;
}

async function signedIn(opts: { admin?: boolean } = {}) {
  // signed in through POST /api/login (and, for an admin, the second factor) by createUser
  const user = await createUser(app, opts);
  const here = user.client;
  const there: TestClient = createClient(otherUrl);
  there.cookie = here.cookie;
  return { user, here, there };
}

describe('signed-in user cache', () => {
  it('reads the user once, then answers from the cache while the user is unchanged', async () => {
    const { there } = await signedIn();
    const reads = countUserReads(other);
    for (let i = 0; i < 3; i++) expect((await there.get('/api/onboarding-progress')).status).toBe(200);
    expect(reads.n).toBe(1);
  });

  it('a profile change made through one process shows on the next request to the other', async () => {
    const { here, there } = await signedIn();
    expect((await there.get('/api/me')).body.firstName).not.toBe('Renamed');
    const saved = await here.post('/api/update-profile', {
      firstName: 'Renamed',
      lastName: 'Person',
      phoneNumber: null,
      smsOptIn: false,
    });
    expect([saved.status, saved.text]).toEqual([200, saved.text]);
    expect((await there.get('/api/me')).body.firstName).toBe('Renamed');
  });

  it('revoking admin rights (no session ends) takes effect at once in the other process', async () => {
    const { user, there } = await signedIn({ admin: true });
    expect((await there.get('/api/admin/users-paginated?page=1&limit=5')).status).toBe(200);
    await userCommand(app, user.id, { type: 'SetAdmin', admin: false });
    expect((await there.get('/api/admin/users-paginated?page=1&limit=5')).status).toBe(403);
  });

  it('locking ends the sessions in every process at once', async () => {
    const { user, there } = await signedIn();
    expect((await there.get('/api/me')).status).toBe(200);
    const admin = await signedIn({ admin: true });
    const locked = await admin.here.request('PUT', `/api/admin/users/${user.id}`, { isLocked: true });
    expect([locked.status, locked.text]).toEqual([200, locked.text]);
    expect((await there.get('/api/me')).status).toBe(401);
  });
});

describe('foundation progress cache', () => {
  it('reads the progress once, then answers from the cache while it is unchanged', async () => {
    const { there } = await signedIn();
    const reads = countUserReads(other, 'progress-by-user');
    for (let i = 0; i < 3; i++) expect((await there.get('/api/onboarding-progress')).status).toBe(200);
    expect(reads.n).toBe(1);
  });

  it('a step completed through one process shows on the next read in the other', async () => {
    const { here, there } = await signedIn();
    const before = await there.get('/api/onboarding-progress');
    expect(before.body.progress.step2Completed).toBe(false);
    const done = await here.post('/api/complete-step', {
      step: 2,
      data: { feelGreatLink: 'ufeelgreat.com/c/cached' },
    });
    expect([done.status, done.text]).toEqual([200, done.text]);
    const after = await there.get('/api/onboarding-progress');
    expect(after.body.progress.step2Completed).toBe(true);
    expect(after.body.progress.feelGreatLink).toContain('cached');
  });
});

describe('the state onboarding commands decide from', () => {
  const saveLink = (client: TestClient, link: string) =>
    client.post('/api/complete-step', {
      step: 2,
      data: { feelGreatLink: `https://ufeelgreat.com/c/${link}` },
    });
  const links = async (userId: string) =>
    (await app.deps.store.readStream(`Onboarding-${userId}`))
      .filter((e) => e.type === 'ReferralLinkSaved')
      .map((e) => (e.data as { feelGreatLink: string }).feelGreatLink);

  it('is read once: a user’s next commands in the same process start from the state the last one left', async () => {
    const { user, there } = await signedIn();
    const reads = countUserReads(other, 'progress-by-user');
    for (const link of ['kept1', 'kept2', 'kept3']) {
      const saved = await saveLink(there, link);
      expect([saved.status, saved.body.progress?.feelGreatLink]).toEqual([
        200,
        `https://ufeelgreat.com/c/${link}`,
      ]);
    }
    expect(reads.n).toBe(1);
    expect(await links(user.id)).toEqual(
      ['kept1', 'kept2', 'kept3'].map((l) => `https://ufeelgreat.com/c/${l}`),
    );
  });

  it('is read again after another process changed the stream, and nothing is lost', async () => {
    const { user, here, there } = await signedIn();
    const first = await saveLink(there, 'a1');
    expect(first.status).toBe(200);
    expect((await saveLink(here, 'b1')).status).toBe(200);
    const reads = countUserReads(other, 'progress-by-user');
    const saved = await saveLink(there, 'a2');
    expect([saved.status, saved.body.progress?.revision]).toEqual([200, first.body.progress.revision + 2]);
    expect(reads.n).toBe(1);
    expect(await links(user.id)).toEqual(['a1', 'b1', 'a2'].map((l) => `https://ufeelgreat.com/c/${l}`));
  });

  it('kept stale all the same (a change that set no new token) costs a conflict, never an update', async () => {
    const { user, there } = await signedIn();
    expect((await saveLink(there, 'first')).status).toBe(200);
    // an append that does not go through the command path: no token is set, no row written
    const plain = createPostgresEventStore({ connectionString: app.deps.config.DATABASE_URL });
    try {
      await plain.appendToStream(
        `Onboarding-${user.id}`,
        [
          {
            id: randomUUID(),
            type: 'ReferralLinkSaved',
            data: { feelGreatLink: 'https://ufeelgreat.com/c/behind' },
            metadata: {},
          },
        ],
        { expectedRevision: 'any' },
      );
    } finally {
      await plain.close();
    }
    const saved = await saveLink(there, 'behind');
    // decided from the stream after the conflict: the link is already saved, nothing to append
    expect([saved.status, saved.body.progress?.feelGreatLink]).toEqual([
      200,
      'https://ufeelgreat.com/c/behind',
    ]);
    expect(await links(user.id)).toEqual(['first', 'behind'].map((l) => `https://ufeelgreat.com/c/${l}`));
  });
});
