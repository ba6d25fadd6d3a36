import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createClient } from '../../../../testing/app';
import { createTestDatabase } from '../../../../testing/db';
import { testEnv } from '../../../../testing/env';
import { spawnApi } from '../../../../testing/servers';
import { type CreatedUser, createUser } from '../../../../testing/users';
import { parseConfig } from '../../config';
import { buildRuntime } from '../../app/bootstrap';
import { DEMO_JOIN_DETAILS, seedAcademyContent } from '../../demo/academy';
import { OPEN_FILM_LIST } from '../../demo/openFilms';
import { CONTENT_STREAM } from '../../domain/content/decider';
import { SPEC_LIVE_CALLS } from '../../domain/content/liveCalls';
import { readStreamOrEmpty } from '../../eventStore/port';

/**
 * A production deployment never runs the demo seed: the spec's three live calls must exist from
 * the first start of the API, without join links, published once however many APIs start at
 * once (two real API processes on a new database). The seed run afterwards (`npm run seed`, as
 * `make start`) still gives the demo links and testimonials, and never undoes an admin's edit.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let apis: Array<Awaited<ReturnType<typeof spawnApi>>>;
let runtime: ReturnType<typeof buildRuntime>;
/** users are made in this process (no start steps run here), signed in to the first API */
let app: TestApp;
let partner: CreatedUser;
let admin: CreatedUser;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = testEnv(database.name);
  // both start at once on the new database: each runs its start steps
  apis = await Promise.all([spawnApi(env), spawnApi(env)]);
  runtime = buildRuntime(parseConfig(env));
  await runtime.ready();
  app = {
    url: apis[0].url,
    runtime,
    deps: runtime.deps,
    databaseUrl: database.url,
    client: () => createClient(apis[0].url),
    close: async () => undefined,
  };
  partner = await createUser(app);
  admin = await createUser(app, { admin: true });
}, 180_000);

afterAll(async () => {
  for (const api of apis ?? []) api.proc.kill('SIGTERM');
  await Promise.all((apis ?? []).map((api) => api.exited));
  await runtime?.close();
  await database?.drop();
});

const contentEvents = () => readStreamOrEmpty(runtime.deps.store, CONTENT_STREAM);
const count = async (type: string) => (await contentEvents()).filter((e) => e.type === type).length;
/** a partner's request through the other API */
const onSecondApi = async (path: string) => {
  const client = createClient(apis[1].url);
  client.cookie = partner.client.cookie;
  return client.get(path);
};
type Call = { id: string; name: { en: string }; zoomLink: string | null; passcode: string | null };
const callsOf = async () => (await onSecondApi('/api/live-calls')).body.calls as Call[];

describe('a new deployment, started without the demo seed', () => {
  it('serves the spec’s three calls without join link or passcode, published once by two APIs started at once', async () => {
    const events = await contentEvents();
    expect(events.map((e) => e.type)).toEqual([
      'LiveCallPublished',
      'LiveCallPublished',
      'LiveCallPublished',
    ]);
    expect(events.map((e) => (e.metadata as { actorId: unknown }).actorId)).toEqual([null, null, null]);

    const calls = await callsOf();
    expect(calls.map((c) => c.id)).toEqual(['partner-training', 'science-call', 'monthly-team-training']);
    expect(calls.map((c) => [c.zoomLink, c.passcode])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(calls[2]).toMatchObject({ dayOfWeek: 1, weekOfMonth: 3, time: '21:00', host: 'Sarah Mitchell' });
    expect(calls.map((c) => c.name.en)).toEqual(SPEC_LIVE_CALLS.map((c) => c.name.en));

    // the calendar feed: the three events, with no join or passcode line
    const { body } = await onSecondApi('/api/live-calls');
    const ics = (await createClient(apis[1].url).get(body.calendarUrl)).text.replace(/\r\n /g, '');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics).not.toMatch(/Join:|Passcode:|^LOCATION:/m);

    // the console's health panel: the calls need an admin, they are neither healthy nor demo
    const dashboard = await admin.client.get('/api/admin/performance-dashboard');
    expect(dashboard.body.health.find((h: { key: string }) => h.key === 'liveCalls')).toMatchObject({
      status: 'warning',
      detail: '3 calls without a join link',
      facts: { withoutLink: 3 },
    });
    expect(dashboard.body.health.find((h: { key: string }) => h.key === 'liveCalls').demo).toBeUndefined();
  });

  it('the seed afterwards adds the demo links and testimonials, around an admin’s edits; a re-seed adds nothing', async () => {
    const edit = async (id: string, change: Record<string, unknown>) => {
      const {
        id: _i,
        position: _p,
        icon: _c,
        sequence: _s,
        ...editable
      } = (await admin.client.get(`/api/admin/live-calls/${id}`)).body;
      const res = await admin.client.request('PUT', `/api/admin/live-calls/${id}`, {
        ...editable,
        ...change,
      });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    // an admin renames one call without giving it a link, and sets the real link of another
    await edit('partner-training', { name: { en: 'Tuesday Training', es: 'Martes', fr: 'Mardi' } });
    await edit('science-call', { zoomLink: 'https://zoom.us/j/11111111111', passcode: 'real-pass' });
    // …and clears the link it had set on the third (the seed must not give it a demo one)
    await edit('monthly-team-training', { zoomLink: 'https://zoom.us/j/22222222222' });
    expect((await edit('monthly-team-training', { zoomLink: null })).zoomLink).toBeNull();

    const seed = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), 'backend/src/cli/seed.ts'],
      { env: { PATH: process.env.PATH, ...testEnv(database.name) }, encoding: 'utf8' },
    );
    expect(seed.status, seed.stderr.slice(-2000)).toBe(0);

    const calls = await callsOf();
    expect(calls.map((c) => [c.id, c.name.en, c.zoomLink, c.passcode])).toEqual([
      ['partner-training', 'Tuesday Training', DEMO_JOIN_DETAILS['partner-training'].zoomLink, 'grow2026'],
      ['science-call', 'Science Call', 'https://zoom.us/j/11111111111', 'real-pass'],
      ['monthly-team-training', 'Monthly Team Training', null, null],
    ]);
    const vault = await onSecondApi('/api/testimonials');
    expect(vault.body.testimonials).toHaveLength(OPEN_FILM_LIST.length);
    expect(await count('LiveCallPublished')).toBe(3);

    // the admin's edit survives a second seed, which records nothing
    const before = (await contentEvents()).length;
    await seedAcademyContent(runtime.deps);
    expect((await contentEvents()).length).toBe(before);
    expect(await callsOf()).toEqual(calls);
  });
});
