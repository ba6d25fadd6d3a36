import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, type RouteDef } from '@portal/contracts';
import { handleCommand } from '../../backend/src/app/commandHandler';
import { seedAcademyContent } from '../../backend/src/demo/academy';
import { userDecider, userStream } from '../../backend/src/domain/user/decider';
import { readStreamOrEmpty } from '../../backend/src/eventStore/port';
import { startTestApp, type TestApp, type TestClient } from '../app';
import { type MailchimpLoopback, memberHash, startMailchimpLoopback } from '../loopback/mailchimpServer';
import { waitFor } from '../servers';
import { createUser } from '../users';
import { passwordResetMailJob } from '../../worker/src/jobs/mail';
import { startWorkers } from '../../worker/src/runWorkers';

/**
 * QUALITY 37 / ASVS 3.5.3: reads never change state. Every GET route of the contracts, called
 * as each kind of user, appends no event (the event store's head position is the same before
 * and after) and sends the mailing service nothing but reads (the loopback Mailchimp sees no
 * PUT, PATCH, POST or DELETE). A new GET route is covered the moment it is declared.
 *
 * The accounts are set up so that a read that "reconciles" would have something to do: each
 * signed-in account has its newsletter flag recorded without step 1 (as older data may), and is
 * not on the Mailchimp list although it opted in.
 */
type Role = 'anonymous' | 'user' | 'mustChange' | 'locked' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'mustChange', 'locked', 'admin'];

/** Query values some reads need to run their handler at all (not only the validator); filled in beforeAll. */
const QUERIES: Record<string, string> = {
  'academy.driveSearch': '?q=guide',
  'admin.performanceHistory': '?range=24h',
};
/** Path parameters by route: real records, so the handlers find something. */
const PARAMS: Record<string, string> = {};

let app: TestApp;
let mc: MailchimpLoopback;
const clients = {} as Record<Role, TestClient>;
const ids = {} as Record<Role, string>;

const meta = () => ({ actorId: null, correlationId: randomUUID() });
const record = async (id: string, command: Parameters<typeof userDecider.decide>[0]) => {
  const result = await handleCommand(app.deps.store, userStream(id), userDecider, command, meta());
  if (result.position) await app.deps.projections.waitFor(result.position);
};

beforeAll(async () => {
  mc = await startMailchimpLoopback();
  app = await startTestApp(mc.env);
  clients.anonymous = app.client();
  ids.anonymous = randomUUID();
  const admin = await createUser(app, { admin: true });
  const user = await createUser(app, { sponsorId: admin.id });
  const mustChange = await createUser(app, { mustChangePassword: true });
  const locked = await createUser(app);
  for (const [role, u] of [
    ['user', user],
    ['admin', admin],
    ['mustChange', mustChange],
    ['locked', locked],
  ] as const) {
    clients[role] = u.client;
    ids[role] = u.id;
    // the flag without step 1, and not on the list: what a reconciling read would "fix"
    await record(u.id, { type: 'SetNewsletter', subscribed: true, source: 'seed' });
  }
  await record(locked.id, { type: 'SetLocked', locked: true });

  // real records for the reads that take an id or a token
  PARAMS['partners.details'] = (await createUser(app, { sponsorId: user.id })).id;
  const calendarUrl: string = (await user.client.get('/api/live-calls')).body.calendarUrl;
  QUERIES['academy.liveCallsCalendar'] = new URL(calendarUrl, app.url).search;
  const run = await admin.client.post('/api/admin/sync-runs', {});
  expect(run.status).toBeLessThan(300);
  QUERIES['admin.listSyncRunItems'] = `?filter=${encodeURIComponent(JSON.stringify({ runId: run.body.id }))}`;
  PARAMS['admin.getSyncRun'] = run.body.id;
  await app.deps.projections.settle({ position: await app.deps.store.headPosition() });
  const audit = await admin.client.get('/api/admin/audit');
  PARAMS['admin.getAudit'] = audit.body[0].id;
  await seedAcademyContent(app.deps);
  const testimonial = await admin.client.post('/api/admin/testimonials', {
    name: 'Purity',
    categories: ['cravings'],
    link: 'https://www.youtube.com/watch?v=getPurity01',
  });
  expect(testimonial.status).toBe(200);
  PARAMS['content.getTestimonial'] = testimonial.body.id;
  PARAMS['content.getLiveCall'] = (await admin.client.get('/api/admin/live-calls')).body[0].id;
  // a message in the outbox: the worker sends a forgotten-password link (no SMTP: kept there)
  const workers = startWorkers(app.deps, [passwordResetMailJob as never]);
  try {
    expect((await app.client().post('/api/password-reset/request', { email: user.email })).status).toBe(200);
    await waitFor(
      async () => Boolean(await app.deps.db('mail_outbox').where({ user_id: user.id }).first()),
      30_000,
      'the message in the outbox',
    );
  } finally {
    await Promise.all(workers.map((w) => w.close()));
  }
  PARAMS['mail.getOutbox'] = (await app.deps.db('mail_outbox').where({ user_id: user.id }).first()).id;
  await app.deps.projections.settle({ position: await app.deps.store.headPosition() });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await mc?.close();
});

const getRoutes = Object.entries(allRoutes).filter(([, r]) => r.method === 'GET') as [string, RouteDef][];

/** The partner's id where no other record is named: the user routes and the admin's downline find it. */
const pathOf = (id: string, route: RouteDef) =>
  route.path.replace(/:(\w+)/g, () => PARAMS[id] ?? ids.user) + (QUERIES[id] ?? '');

describe('GET requests never change state', () => {
  it('the contracts declare the reads this test walks', () => {
    const names = getRoutes.map(([id]) => id);
    expect(names).toContain('onboarding.progress');
    expect(names).toContain('onboarding.newsletterStatus');
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  for (const role of ROLES) {
    it(`as ${role}: no GET appends an event or writes to Mailchimp`, async () => {
      const failures: string[] = [];
      let handled = 0;
      for (const [id, route] of getRoutes) {
        const head = await app.deps.store.headPosition();
        const writesBefore = mc.writes().length;
        const res = await clients[role].get(pathOf(id, route));
        if (res.status < 300) handled++;
        else if (role === 'admin' || (role === 'user' && route.access !== 'admin'))
          failures.push(`${id}: not handled (${res.status} ${res.text.slice(0, 80)})`);
        if (res.status >= 500) failures.push(`${id}: answered ${res.status}`);
        const after = await app.deps.store.headPosition();
        if (after !== head) failures.push(`${id}: appended events (head ${head} -> ${after})`);
        const writes = mc.writes().slice(writesBefore);
        if (writes.length)
          failures.push(`${id}: sent Mailchimp ${writes.map((w) => `${w.method} ${w.path}`).join(', ')}`);
      }
      // the reads really ran as far as the role may go (not only refused by the policy or the validator)
      expect(failures).toEqual([]);
      if (role === 'admin') expect(handled).toBe(getRoutes.length);
    });
  }

  it('the reads left the setup as it was: step 1 still open, the opt-in still off the list', async () => {
    expect((await readStreamOrEmpty(app.deps.store, `Onboarding-${ids.user}`)).length).toBe(0);
    expect((await clients.user.get('/api/onboarding-progress')).body.progress.step1Completed).toBe(false);
    expect((await clients.user.get('/api/check-newsletter-status')).body).toEqual({
      subscribed: false,
      status: 'not_found',
    });
    const me = (await clients.user.get('/api/me')).body;
    expect(mc.members.has(memberHash(me.email))).toBe(false);
    // the explicit command is what syncs (and it does write)
    const synced = await clients.user.post('/api/newsletter/sync-status');
    expect(synced.status).toBe(200);
    expect(synced.body.progress.step1Completed).toBe(true);
    expect(mc.members.get(memberHash(me.email))?.status).toBe('subscribed');
  });
});
