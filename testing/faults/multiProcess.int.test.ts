import { afterEach, describe, expect, it } from 'vitest';
import { type TestResponse, createClient } from '../app';
import { createTestDatabase } from '../db';
import { testEnv } from '../env';
import { spawnApi, spawnWorker, waitFor } from '../servers';
import { createDb } from '../../backend/src/infra/db';
import { entries, experience, why } from '../fixtures/onboarding';
import { enrolThroughApi } from '../users';

/**
 * QUALITY 31 and 32 with real processes: two API processes and two workers on one database and
 * one Redis. Partners register, sign in and work through the foundation with every request sent
 * to the next live API in turn, and each answer is checked on the next read from the other API:
 * the inline read models (user, progress), the asynchronous ones (the sponsor's partners
 * directory, the admin's history of a user) and the sessions. Mid-run the process that leads the
 * projections is SIGKILLed; the rest carry on, another process takes the lead, and at the end
 * every event is in every read model exactly once.
 */

type Proc = Awaited<ReturnType<typeof spawnApi>> | Awaited<ReturnType<typeof spawnWorker>>;
interface Running {
  name: string;
  api?: string;
  proc: Proc['proc'];
  exited: Promise<number | null>;
  dead: boolean;
}

const running: Running[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) {
    if (!p.dead) p.proc.kill('SIGKILL');
    await p.exited;
  }
});

/** One browser (cookie jar) whose requests go to the next live API each time. */
function roundRobin(apis: () => Running[]) {
  let turn = 0;
  const jar = createClient('http://unused');
  const pick = () => {
    const live = apis().filter((a) => !a.dead);
    return live[turn++ % live.length];
  };
  const on = (api: Running) => {
    const client = createClient(api.api!);
    client.cookie = jar.cookie;
    return client;
  };
  const send = async (method: string, path: string, body?: unknown): Promise<TestResponse> => {
    const api = pick();
    const client = on(api);
    const res = await client.request(method, path, body);
    jar.cookie = client.cookie;
    return res;
  };
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown = {}) => send('POST', path, body),
    put: (path: string, body: unknown) => send('PUT', path, body),
    get cookie() {
      return jar.cookie;
    },
  };
}

const ok = (res: TestResponse, what: string) =>
  expect([res.status, what, res.text.slice(0, 300)]).toEqual([200, what, expect.anything()]);

async function startSystem(options: { apisLead: boolean }) {
  const database = await createTestDatabase();
  const env = testEnv(database.name);
  const apiEnv = { ...env, RUN_PROJECTIONS: options.apisLead ? 'true' : 'false' };
  // All four start at once: whoever wins the leader locks, the system must behave the same.
  const started = await Promise.all([
    spawnApi(apiEnv).then((p) => ({ ...p, name: 'api-1', api: p.url })),
    spawnApi(apiEnv).then((p) => ({ ...p, name: 'api-2', api: p.url })),
    spawnWorker(env).then((p) => ({ ...p, name: 'worker-1' })),
    spawnWorker(env).then((p) => ({ ...p, name: 'worker-2' })),
  ]);
  for (const p of started) {
    const entry: Running = {
      name: p.name,
      api: 'api' in p ? p.api : undefined,
      proc: p.proc,
      exited: p.exited,
      dead: false,
    };
    void p.exited.then(() => (entry.dead = true));
    running.push(entry);
  }
  return { database, env, db: createDb({ connectionString: database.url }) };
}

const apis = () => running.filter((p) => p.api);

/** Signs the bootstrap admin in (replacing its temporary password) through the round robin. */
async function adminClient(env: Record<string, string>) {
  const admin = roundRobin(apis);
  ok(await admin.post('/api/login', { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }), 'admin login');
  ok(
    await admin.post('/api/reset-required-password', { newPassword: 'Multi-Process-2026' }),
    'admin password',
  );
  // admins set up a second factor before anything else (issue 13)
  await enrolThroughApi(admin);
  const me = await admin.get('/api/me');
  ok(me, 'admin me');
  return { client: admin, id: me.body.id as string };
}

/** Which process leads each projection, from the admin health details (posted every 5 s). */
/** The read models a leader runs (the rest are written inline with each append). */
const ASYNC_PROJECTIONS = ['audit_log', 'partner_directory', 'funnel'];

async function leaders(admin: ReturnType<typeof roundRobin>) {
  const health = await admin.get('/api/health');
  const result = new Map<string, string>();
  for (const p of health.body.processes ?? [])
    for (const projection of p.projections) if (projection.leader) result.set(projection.name, p.process);
  return result;
}

const epochs = async (db: ReturnType<typeof createDb>) =>
  new Map(
    (await db('projection_checkpoints').select('name', 'epoch')).map((r) => [
      r.name as string,
      Number(r.epoch),
    ]),
  );

/**
 * SIGKILLs the process that leads the audit log, then waits until every projection it led has a
 * new leader (a new fencing epoch): QUALITY 31 bounds this at 5 s.
 */
async function killLeader(db: ReturnType<typeof createDb>, admin: ReturnType<typeof roundRobin>) {
  await waitFor(async () => (await leaders(admin)).has('audit_log'), 20_000, 'health details');
  const led = await leaders(admin);
  const victimName = led.get('audit_log')!;
  const victim = running.find((p) => victimName.endsWith(`:${p.proc.pid}`));
  expect(victim, victimName).toBeDefined();
  const itsProjections = [...led].filter(([, p]) => p === victimName).map(([name]) => name);
  const before = await epochs(db);
  victim!.proc.kill('SIGKILL');
  await victim!.exited;
  await waitFor(
    async () => {
      const now = await epochs(db);
      return itsProjections.every((name) => now.get(name)! > before.get(name)!);
    },
    5_000,
    'another process to take the lead of every projection the killed one led',
  );
  return { victim: victim!, victimName, itsProjections };
}

async function partnerJourney(
  n: number,
  sponsor: { id: string; client: ReturnType<typeof roundRobin> },
  admin: ReturnType<typeof roundRobin>,
) {
  const partner = roundRobin(apis);
  ok(await partner.post('/api/verify-passcode', { passcode: 'TESTPASS' }), 'passcode');
  const email = `partner-${n}-${Date.now()}@example.test`;
  const registered = await partner.post('/api/register', {
    firstName: 'Multi',
    lastName: `Partner ${n}`,
    email,
    password: 'secret-pass',
    sponsorId: sponsor.id,
  });
  ok(registered, `register ${n}`);
  const id = registered.body.user.id as string;
  // the next read, on the other API, sees the new account and its session
  const me = await partner.get('/api/me');
  ok(me, `me ${n}`);
  expect(me.body.email).toBe(email);
  // the sponsor's directory (asynchronous read model) shows the new partner at once
  const team = await sponsor.client.get('/api/partners?pageSize=100');
  ok(team, `sponsor directory ${n}`);
  expect(team.body.items.map((p: { id: string }) => p.id)).toContain(id);

  const steps: [string, unknown, (p: Record<string, unknown>) => void][] = [
    [
      '/api/complete-step',
      { step: 2, data: { feelGreatLink: `ufeelgreat.com/c/multi${n}` } },
      (p) => expect(p.step2Completed).toBe(true),
    ],
    [
      '/api/update-onboarding-data',
      { customerList: entries('c', 5), partnerList: entries('p', 5) },
      (p) => expect((p.customerList as unknown[]).length).toBe(5),
    ],
    ['/api/complete-step', { step: 3 }, (p) => expect(p.step3Completed).toBe(true)],
    ['/api/complete-step', { step: 4, data: experience }, (p) => expect(p.step4Completed).toBe(true)],
    ['/api/complete-step', { step: 5, data: why }, (p) => expect(p.step5Completed).toBe(true)],
  ];
  for (const [path, body, check] of steps) {
    ok(await partner.post(path, body), `${path} ${n}`);
    const read = await partner.get('/api/onboarding-progress');
    ok(read, `progress ${n}`);
    check(read.body.progress);
  }

  ok(
    await partner.post('/api/update-profile', {
      firstName: `Renamed${n}`,
      lastName: 'Partner',
      phoneNumber: null,
      smsOptIn: false,
    }),
    `profile ${n}`,
  );
  expect((await partner.get('/api/me')).body.firstName).toBe(`Renamed${n}`);

  // an admin's change is in the user's history on the next read, whichever API answers
  ok(await admin.put(`/api/admin/users/${id}`, { lastName: `Edited ${n}` }), `admin edit ${n}`);
  const history = await admin.get(`/api/admin/users/${id}/events`);
  ok(history, `history ${n}`);
  expect(history.body.map((e: { eventType: string }) => e.eventType)).toContain('UserDetailsEdited');

  // a password change ends the partner's other session, whichever API it is used on
  const other = roundRobin(apis);
  ok(await other.post('/api/login', { email, password: 'secret-pass' }), `second sign-in ${n}`);
  ok(
    await partner.post('/api/change-password', {
      currentPassword: 'secret-pass',
      newPassword: 'new-secret-pass',
    }),
    `password ${n}`,
  );
  for (let i = 0; i < 2; i++) expect((await other.get('/api/me')).status).toBe(401);
  ok(await partner.get('/api/me'), `session kept ${n}`);
  return id;
}

async function exactlyOnce(db: ReturnType<typeof createDb>, partners: string[]) {
  // every asynchronous projection reaches the head of the log...
  const head = (await db('es_events').max('global_seq as seq').first())!.seq;
  await waitFor(
    async () => {
      const rows = await db('projection_checkpoints').whereIn('name', ASYNC_PROJECTIONS);
      const last = await db('es_events').where('global_seq', head).first('tx_id', 'global_seq');
      const key = `${String(last.tx_id).padStart(20, '0')}:${String(last.global_seq).padStart(20, '0')}`;
      return rows.length === ASYNC_PROJECTIONS.length && rows.every((r) => r.position >= key);
    },
    30_000,
    'projections to catch up',
  );
  // ...with each event applied once: one audit row per event, one directory row per partner
  const events = await db('es_events').count<{ n: number }[]>('* as n');
  const audit = await db('audit_log').count<{ n: number }[]>('* as n');
  expect(Number(audit[0].n)).toBe(Number(events[0].n));
  const directory = await db('partner_directory')
    .whereIn('user_id', partners)
    .select('user_id', 'completed_steps');
  expect(directory).toHaveLength(partners.length);
  // the asynchronous directory folded the same steps as the inline progress rows
  const progress = await db('onboarding_progress')
    .whereIn('user_id', partners)
    .select('user_id', 'completed_steps');
  expect(progress).toHaveLength(partners.length);
  for (const row of progress)
    expect(directory.find((d) => d.user_id === row.user_id)?.completed_steps).toBe(row.completed_steps);
  expect(await db('projection_dead_letters').select()).toEqual([]);
}

/**
 * Two APIs and two workers on a fresh database, the bootstrap admin signed in and a sponsor
 * registered under it (like anyone, through the APIs in turn); everything is stopped afterwards.
 */
async function withSystem(
  options: { apisLead: boolean },
  body: (system: {
    db: ReturnType<typeof createDb>;
    admin: Awaited<ReturnType<typeof adminClient>>;
    sponsor: { id: string; client: ReturnType<typeof roundRobin> };
  }) => Promise<void>,
) {
  const { env, db, database } = await startSystem(options);
  try {
    const admin = await adminClient(env);
    const sponsorClient = roundRobin(apis);
    ok(await sponsorClient.post('/api/verify-passcode', { passcode: 'TESTPASS' }), 'sponsor passcode');
    const registered = await sponsorClient.post('/api/register', {
      firstName: 'Sam',
      lastName: 'Sponsor',
      email: 'sponsor@example.test',
      password: 'secret-pass',
      sponsorId: admin.id,
    });
    ok(registered, 'sponsor register');
    await body({ db, admin, sponsor: { id: registered.body.user.id as string, client: sponsorClient } });
  } finally {
    await db.destroy();
    for (const p of running) if (!p.dead) p.proc.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exited));
    await database.drop();
  }
}

describe('several APIs and workers on one database and one Redis (QUALITY 31, 32)', () => {
  it('free start: every command answered 2xx and visible from the other API; the leader SIGKILLed mid-run is replaced', async () => {
    await withSystem({ apisLead: true }, async ({ db, admin, sponsor }) => {
      const partners: string[] = [];
      for (let n = 0; n < 2; n++) partners.push(await partnerJourney(n, sponsor, admin.client));
      // kill the process that leads the audit log (and whatever else it leads) between requests
      const { itsProjections } = await killLeader(db, admin.client);
      expect(itsProjections).toContain('audit_log');
      for (let n = 2; n < 4; n++) partners.push(await partnerJourney(n, sponsor, admin.client));
      await exactlyOnce(db, partners);
    });
  }, 180_000);

  it('workers lead every projection (APIs with RUN_PROJECTIONS=false): the same holds, and a worker SIGKILLed mid-run is replaced', async () => {
    await withSystem({ apisLead: false }, async ({ db, admin, sponsor }) => {
      const partners = [await partnerJourney(0, sponsor, admin.client)];
      // only workers lead
      await waitFor(
        async () => (await leaders(admin.client)).size === ASYNC_PROJECTIONS.length,
        20_000,
        'health details',
      );
      const workers = running.filter((p) => !p.api).map((p) => p.proc.pid);
      for (const leader of (await leaders(admin.client)).values())
        expect(
          workers.some((pid) => leader.endsWith(`:${pid}`)),
          leader,
        ).toBe(true);
      const { victim } = await killLeader(db, admin.client);
      expect(victim.api).toBeUndefined();
      partners.push(await partnerJourney(1, sponsor, admin.client));
      await exactlyOnce(db, partners);
    });
  }, 180_000);
});
