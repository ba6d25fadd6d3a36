import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createClient, startTestApp } from '../app';
import { testEnv } from '../env';
import { spawnApi, waitFor } from '../servers';
import { createUser, signIn, type CreatedUser } from '../users';
import { userCommand } from '../auth';

/**
 * Sessions and their users' version tokens are kept in each API process and dropped when Redis
 * reports a change of them (client-side caching, backend/src/infra/trackedKeys.ts). Two real
 * processes on one database and one Redis: this test's own (A, whose Redis reads can be
 * counted) and a spawned API (B). Every change made through one is seen by the very next request
 * to the other, many times over, also while the other's tracking connection has just been killed.
 */
let app: TestApp;
let other: Awaited<ReturnType<typeof spawnApi>>;
/** Redis commands of the test itself (on this process's data connection) */
const testRedis = () => app.deps.redis;

beforeAll(async () => {
  app = await startTestApp();
  const database = new URL(app.databaseUrl).pathname.slice(1);
  other = await spawnApi(testEnv(database));
});
afterAll(async () => {
  other?.proc.kill('SIGKILL');
  await other?.exited;
  await app?.close();
});

/** Counts this process's session reads from Redis (the script SessionStore.get runs). */
function countSessionReads() {
  const store = app.deps.redis as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = store.sessionWithUserVersion;
  const counter = { n: 0 };
  store.sessionWithUserVersion = (...args: unknown[]) => {
    counter.n++;
    return original.apply(app.deps.redis, args);
  };
  return {
    counter,
    restore: () => (store.sessionWithUserVersion = original),
  };
}

/** The tracking connection of a process (by name) in CLIENT LIST, if it is set up. */
async function trackingClient(namePrefix: string) {
  const list = (await testRedis().client('LIST')) as string;
  const line = list.split('\n').find((l) => l.includes(` name=${namePrefix}`));
  if (!line) return undefined;
  const field = (name: string) => new RegExp(`(?:^| )${name}=(\\S*)`).exec(line)?.[1] ?? '';
  return { id: field('id'), flags: field('flags'), redir: field('redir') };
}

/** Set up: broadcasting tracking (B), subscribed (P), invalidations to itself. */
async function tracked(namePrefix: string) {
  const client = await trackingClient(namePrefix);
  return (
    !!client &&
    /t/.test(client.flags) &&
    /B/.test(client.flags) &&
    /P/.test(client.flags) &&
    client.redir === client.id
  );
}

const ownTracker = () => app.deps.sessions.tracked!;
const otherTrackerName = () => `tracked-keys-${other.proc.pid}-`;

/** A client of `url` holding the same cookies as `client` (the same browser, another process). */
function sameBrowser(client: TestClient, url: string) {
  const there = createClient(url);
  there.cookie = client.cookie;
  return there;
}

async function partner(): Promise<CreatedUser> {
  return createUser(app);
}

describe('sessions kept per process', () => {
  it('both processes set tracking up', async () => {
    const { client } = await partner();
    // the first reads start the tracking connections
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await sameBrowser(client, other.url).get('/api/me')).status).toBe(200);
    await waitFor(async () => ownTracker().isTrusted, 10_000, 'tracking here');
    await waitFor(() => tracked(ownTracker().connectionName), 10_000, 'tracking here (CLIENT LIST)');
    await waitFor(() => tracked(otherTrackerName()), 10_000, 'tracking in the other process');
  });

  it('a repeated read of an unchanged session makes no Redis round trip', async () => {
    const { client } = await partner();
    expect((await client.get('/api/onboarding-progress')).status).toBe(200);
    const reads = countSessionReads();
    try {
      for (let i = 0; i < 5; i++) expect((await client.get('/api/onboarding-progress')).status).toBe(200);
      expect(reads.counter.n).toBe(0);
    } finally {
      reads.restore();
    }
  });

  it('signing out through one process ends the session in the other at once, every time', async () => {
    const user = await partner();
    for (let i = 0; i < 20; i++) {
      const [signer, reader] = i % 2 ? [other.url, app.url] : [app.url, other.url];
      const here = createClient(signer);
      await signIn(here, user);
      const there = sameBrowser(here, reader);
      expect((await there.get('/api/onboarding-progress')).status).toBe(200);
      expect((await there.get('/api/onboarding-progress')).status).toBe(200);
      expect((await here.post('/api/logout')).status).toBe(200);
      expect([i, (await there.get('/api/onboarding-progress')).status]).toEqual([i, 401]);
    }
  });

  it('a completed step, a role change and a lock through one process show at once in the other', async () => {
    const admin = await createUser(app, { admin: true });
    const adminThere = sameBrowser(admin.client, other.url);
    const adminList = '/api/admin/users-paginated?page=1&limit=5';
    for (let i = 0; i < 6; i++) {
      const user = await partner();
      const there = sameBrowser(user.client, other.url);
      expect((await there.get('/api/onboarding-progress')).body.progress.step2Completed).toBe(false);
      const done = await user.client.post('/api/complete-step', {
        step: 2,
        data: { feelGreatLink: `ufeelgreat.com/c/loop${i}` },
      });
      expect([done.status, done.text]).toEqual([200, done.text]);
      expect((await there.get('/api/onboarding-progress')).body.progress.step2Completed).toBe(true);

      expect((await adminThere.get(adminList)).status).toBe(200);
      await userCommand(app, admin.id, { type: 'SetAdmin', admin: false });
      expect([i, (await adminThere.get(adminList)).status]).toEqual([i, 403]);
      await userCommand(app, admin.id, { type: 'SetAdmin', admin: true });
      expect([i, (await adminThere.get(adminList)).status]).toEqual([i, 200]);

      const locked = await admin.client.request('PUT', `/api/admin/users/${user.id}`, { isLocked: true });
      expect([locked.status, locked.text]).toEqual([200, locked.text]);
      expect([i, (await there.get('/api/onboarding-progress')).status]).toEqual([i, 401]);
    }
  });

  it('with its tracking connection killed a process answers from Redis until tracking is back', async () => {
    const user = await partner();
    for (let i = 0; i < 5; i++) {
      await waitFor(async () => ownTracker().isTrusted, 10_000, 'tracking here');
      const here = createClient(app.url);
      await signIn(here, user);
      const there = sameBrowser(here, other.url);
      expect((await here.get('/api/me')).status).toBe(200);
      expect((await here.get('/api/me')).status).toBe(200);
      const reads = countSessionReads();
      try {
        const killed = (await trackingClient(ownTracker().connectionName))!;
        await testRedis().client('KILL', 'ID', killed.id);
        // signed out through the other process while this one cannot hear of it
        expect((await there.post('/api/logout')).status).toBe(200);
        expect([i, (await here.get('/api/me')).status]).toEqual([i, 401]);
        expect(reads.counter.n).toBeGreaterThan(0);
      } finally {
        reads.restore();
      }
    }
    // and the same in the spawned process
    for (let i = 0; i < 5; i++) {
      await waitFor(() => tracked(otherTrackerName()), 10_000, 'tracking in the other process');
      const here = createClient(app.url);
      await signIn(here, user);
      const there = sameBrowser(here, other.url);
      expect((await there.get('/api/me')).status).toBe(200);
      expect((await there.get('/api/me')).status).toBe(200);
      await testRedis().client('KILL', 'ID', (await trackingClient(otherTrackerName()))!.id);
      expect((await here.post('/api/logout')).status).toBe(200);
      expect([i, (await there.get('/api/me')).status]).toEqual([i, 401]);
    }
  });
});
