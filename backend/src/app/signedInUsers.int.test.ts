import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestClient, createClient, startTestApp } from '../../../testing/app';
import { createUser } from '../../../testing/users';
import { createApp } from '../http/createApp';
import { buildRuntime, type Runtime } from './bootstrap';
import { userCommand } from '../../../testing/auth';

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
