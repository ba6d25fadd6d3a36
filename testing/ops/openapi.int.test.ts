/* eslint-disable @typescript-eslint/no-explicit-any -- answers and the document are untyped JSON */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@portal/contracts';
import type { Worker } from 'bullmq';
import { seedAcademyContent } from '../../backend/src/demo/academy';
import { codeAt, timeStep } from '../../backend/src/domain/user/secondFactor';
import { passwordResetMailJob, sendMailJob } from '../../worker/src/jobs/mail';
import { startWorkers } from '../../worker/src/runWorkers';
import { startTestApp, type TestApp, type TestClient, type TestResponse } from '../app';
import { answerChecker, type Operation, operationsOf } from '../openapi';
import { waitFor } from '../servers';
import { resetTokenIn } from '../smtp';
import { type CreatedUser, createUser, nextSecondFactor } from '../users';

/**
 * Issue 14 point 6: the served OpenAPI document passes Redocly's recommended rules, and every
 * operation in it, called against the real API (valid input, bad input, unauthorised callers,
 * and the 405/404/422/429/503 the HTTP layer gives), answers a documented status with a body of
 * the documented schema and the documented headers.
 */
const REDOCLY = fileURLToPath(new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));

let app: TestApp;
let workers: Worker[] = [];
let doc: any;
let checker: ReturnType<typeof answerChecker>;
let operations: Operation[];

type Role =
  | 'anonymous'
  | 'visitor'
  | 'partner'
  | 'admin'
  | 'mustChange'
  | 'mustChangeToReset'
  | 'leaver'
  /** a partner without a second factor, who sets one up */
  | 'enroller'
  /** admins signed in with the password only: they still owe the second factor */
  | 'verifier'
  | 'recoverer'
  /** a partner with a second factor, who turns it off */
  | 'disabler';
interface Call {
  as: Role;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** the status a valid call must get (200 unless said) */
  status?: number;
}
interface Users {
  partner: CreatedUser;
  downline: CreatedUser;
  admin: CreatedUser;
  admin2: CreatedUser;
  target: CreatedUser;
  victim1: CreatedUser;
  victim2: CreatedUser;
  signIn: CreatedUser;
  /** asks for a forgotten-password link and uses it */
  resetter: CreatedUser;
  verifier: CreatedUser;
  recoverer: CreatedUser;
  disabler: CreatedUser;
  /** a partner whose second factor an admin resets */
  secondFactorTarget: CreatedUser;
}
let users: Users;
const clients = {} as Record<Exclude<Role, 'anonymous'>, TestClient>;
/** the answer of each operation's valid call, for the calls that need an id from it */
const answers = new Map<string, TestResponse>();

/** Each test builds the calls again: a value that can be used once (a code, a token) is made once. */
const made = new Map<string, unknown>();
const once = <T>(key: string, make: () => T): T => {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
};
/** A TOTP code the server accepts now (the helpers' next unused time step). */
const codeOf = (user: CreatedUser) => {
  const answer = nextSecondFactor(user.secondFactor!);
  if (!('code' in answer)) throw new Error('no unused TOTP step left in the window');
  return answer.code;
};
/** The forgotten-password link the worker kept in the outbox (no SMTP in this app). */
const outboxMessageFor = (userId: string) =>
  once(`outbox-${userId}`, async () => {
    let row: { id: string; text_body: string } | undefined;
    await waitFor(
      async () => Boolean((row = await app.deps.db('mail_outbox').where({ user_id: userId }).first())),
      30_000,
      'the forgotten-password message in the outbox',
    );
    return row!;
  });

/**
 * A valid call of every operation, run in this order. An operation of the document without an
 * entry fails the test: a new route needs one here.
 */
const VALID: Record<string, (u: Users) => Call | Promise<Call>> = {
  'platform.health': () => ({ as: 'anonymous' }),
  'platform.openapi': () => ({ as: 'anonymous' }),
  'auth.verifyPasscode': () => ({ as: 'visitor', body: { passcode: 'TESTPASS' } }),
  'auth.sponsors': () => ({ as: 'visitor' }),
  'auth.register': (u) => ({
    as: 'visitor',
    body: {
      firstName: 'Reggie',
      lastName: 'Newcomer',
      email: 'reggie.newcomer@example.test',
      password: 'Register-pass-2026',
      sponsorId: u.partner.id,
    },
  }),
  'auth.login': (u) => ({ as: 'anonymous', body: { email: u.signIn.email, password: u.signIn.password } }),
  'auth.me': () => ({ as: 'partner' }),
  'auth.updateProfile': () => ({
    as: 'partner',
    body: { firstName: 'Pat', lastName: 'Partner', phoneNumber: null, smsOptIn: false },
  }),
  'auth.changePassword': (u) => ({
    as: 'partner',
    body: { currentPassword: u.partner.password, newPassword: 'Changed-pass-2026' },
  }),
  'auth.resetRequiredPassword': () => ({ as: 'mustChangeToReset', body: { newPassword: 'Fresh-pass-2026' } }),
  'auth.session': () => ({ as: 'partner' }),
  'auth.setLanguage': () => ({ as: 'partner', body: { language: 'fr' } }),
  'auth.requestPasswordReset': (u) => ({ as: 'anonymous', body: { email: u.resetter.email } }),
  'auth.completePasswordReset': async (u) => ({
    as: 'anonymous',
    body: {
      token: resetTokenIn((await outboxMessageFor(u.resetter.id)).text_body),
      newPassword: 'Reset-by-link-2026',
    },
  }),
  'secondFactor.startEnrolment': () => ({ as: 'enroller' }),
  'secondFactor.confirmEnrolment': () => ({
    as: 'enroller',
    body: {
      code: once('enrolment', () =>
        codeAt(answers.get('secondFactor.startEnrolment')!.body.secret, timeStep(Date.now())),
      ),
    },
  }),
  'secondFactor.verify': (u) => ({
    as: 'verifier',
    body: { code: once('verify', () => codeOf(u.verifier)) },
  }),
  'secondFactor.recover': (u) => ({
    as: 'recoverer',
    body: { recoveryCode: u.recoverer.secondFactor!.recoveryCodes.at(-1) },
  }),
  'secondFactor.disable': (u) => ({
    as: 'disabler',
    body: { code: once('disable', () => codeOf(u.disabler)) },
  }),
  'secondFactor.adminReset': (u) => ({ as: 'admin', params: { id: u.secondFactorTarget.id } }),
  'onboarding.progress': () => ({ as: 'partner' }),
  'onboarding.completeStep': () => ({
    as: 'partner',
    body: { step: 2, data: { feelGreatLink: 'https://ufeelgreat.com/c/abc' } },
  }),
  'onboarding.updateData': () => ({ as: 'partner', body: { customerList: [{ id: 'c1', name: 'Carla' }] } }),
  'onboarding.newsletterSubscribe': () => ({ as: 'partner', body: {} }),
  'onboarding.newsletterUnsubscribe': () => ({ as: 'partner' }),
  'onboarding.newsletterStatus': () => ({ as: 'partner' }),
  'onboarding.newsletterSync': () => ({ as: 'partner' }),
  'academy.tutorial': () => ({ as: 'partner' }),
  'academy.updateTutorial': () => ({ as: 'partner', body: { skipTutorial: false, academyTourSeen: true } }),
  'academy.completeTour': () => ({ as: 'partner' }),
  'academy.youtubePlaylist': () => ({ as: 'partner' }),
  'academy.driveResources': () => ({ as: 'partner' }),
  'academy.driveSearch': () => ({ as: 'partner', query: { q: 'guide' } }),
  'academy.testimonials': () => ({ as: 'partner' }),
  'academy.rotateCalendarLink': () => ({ as: 'partner', body: {} }),
  'academy.liveCalls': () => ({ as: 'partner' }),
  'academy.links': () => ({ as: 'partner' }),
  'academy.liveCallsCalendar': () => ({
    as: 'anonymous',
    query: {
      token: new URL(answers.get('academy.liveCalls')!.body.calendarUrl, app.url).searchParams.get('token')!,
    },
  }),
  'partners.list': () => ({ as: 'partner' }),
  'partners.stats': () => ({ as: 'partner' }),
  'partners.details': (u) => ({ as: 'partner', params: { partnerId: u.downline.id } }),
  'coaching.needsAttention': () => ({ as: 'partner', query: { days: '1' } }),
  'coaching.sendNudge': (u) => ({
    as: 'partner',
    params: { partnerId: u.downline.id },
    body: { note: 'Step 2 is a short one!' },
  }),
  'coaching.mine': () => ({ as: 'partner' }),
  'coaching.setNudges': () => ({ as: 'partner', body: { allowed: false } }),
  'coaching.setCallReminders': () => ({ as: 'partner', body: { enabled: true } }),
  'admin.listUsers': () => ({ as: 'admin', query: { range: '[0,9]', sort: '["createdAt","DESC"]' } }),
  'admin.exportUsers': () => ({ as: 'admin' }),
  'admin.getUser': (u) => ({ as: 'admin', params: { id: u.target.id } }),
  'admin.updateUser': (u) => ({ as: 'admin', params: { id: u.target.id }, body: { firstName: 'Tara' } }),
  'admin.userEvents': (u) => ({ as: 'admin', params: { id: u.target.id }, query: { range: '[0,4]' } }),
  'admin.resetUserPassword': (u) => ({
    as: 'admin',
    params: { id: u.target.id },
    body: { newPassword: 'Temporary-pass-2026' },
  }),
  'admin.resetUserTraining': (u) => ({ as: 'admin', params: { id: u.target.id } }),
  'admin.transferAdminAddress': (u) => ({
    as: 'admin',
    params: { id: u.admin2.id },
    body: { formerHolderEmail: 'former-admin@example.test' },
  }),
  'admin.bulkUsers': (u) => ({ as: 'admin', body: { ids: [u.target.id], action: 'unlock' } }),
  'admin.listAudit': () => ({ as: 'admin', query: { range: '[0,9]' } }),
  'admin.getAudit': () => ({ as: 'admin', params: { id: answers.get('admin.listAudit')!.body[0].id } }),
  'admin.auditEventTypes': () => ({ as: 'admin' }),
  'admin.createSyncRun': () => ({ as: 'admin', body: {} }),
  'admin.listSyncRuns': () => ({ as: 'admin', query: { range: '[0,9]' } }),
  'admin.getSyncRun': () => ({ as: 'admin', params: { id: answers.get('admin.createSyncRun')!.body.id } }),
  'admin.listSyncRunItems': () => ({
    as: 'admin',
    query: { filter: JSON.stringify({ runId: answers.get('admin.createSyncRun')!.body.id }) },
  }),
  'admin.dashboard': () => ({ as: 'admin' }),
  'admin.realtimeSample': () => ({ as: 'admin' }),
  'admin.usersPaginated': () => ({ as: 'admin', query: { page: '1', limit: '5' } }),
  'admin.specUpdateUser': (u) => ({
    as: 'admin',
    params: { userId: u.target.id },
    body: { lastName: 'Target' },
  }),
  'admin.specResetPassword': (u) => ({
    as: 'admin',
    body: { userId: u.target.id, newPassword: 'Temporary-pass-2027' },
  }),
  'admin.specResetTraining': (u) => ({ as: 'admin', body: { userId: u.target.id } }),
  'admin.syncMailchimp': () => ({ as: 'admin' }),
  'admin.systemMetrics': () => ({ as: 'admin' }),
  'admin.performanceHistory': () => ({ as: 'admin', query: { range: '1h' } }),
  'content.listTestimonials': () => ({ as: 'admin', query: { range: '[0,9]' } }),
  'content.createTestimonial': () => ({
    as: 'admin',
    body: {
      name: 'Olivia',
      categories: ['cravings'],
      link: 'https://www.youtube.com/watch?v=openapi0001',
    },
  }),
  'content.getTestimonial': () => ({
    as: 'admin',
    params: { id: answers.get('content.createTestimonial')!.body.id },
  }),
  'content.updateTestimonial': () => ({
    as: 'admin',
    params: { id: answers.get('content.createTestimonial')!.body.id },
    body: {
      name: 'Olivia R.',
      categories: ['cravings', 'cholesterol'],
      link: 'https://www.youtube.com/watch?v=openapi0002',
    },
  }),
  'content.deleteTestimonial': () => ({
    as: 'admin',
    params: { id: answers.get('content.createTestimonial')!.body.id },
  }),
  'content.listLiveCalls': () => ({ as: 'admin' }),
  'content.getLiveCall': () => ({
    as: 'admin',
    params: { id: answers.get('content.listLiveCalls')!.body[0].id },
  }),
  'content.updateLiveCall': () => {
    const { id, position: _p, icon: _i, sequence: _s, ...body } = answers.get('content.getLiveCall')!.body;
    return { as: 'admin', params: { id }, body: { ...body, time: '19:30' } };
  },
  'content.getAcademyLinks': () => ({ as: 'admin' }),
  'content.updateAcademyLinks': () => ({
    as: 'admin',
    body: { advancedAcademyUrl: 'https://academy.example.test/advanced', coursePurchaseUrl: null },
  }),
  'funnel.funnel': (u) => ({ as: 'admin', query: { sponsorId: u.partner.id } }),
  'funnel.funnelCsv': () => ({ as: 'admin' }),
  'mail.listOutbox': () => ({ as: 'admin', query: { range: '[0,9]' } }),
  'mail.getOutbox': async (u) => ({
    as: 'admin',
    params: { id: (await outboxMessageFor(u.resetter.id)).id },
  }),
  'admin.deleteUser': (u) => ({ as: 'admin', params: { id: u.victim1.id } }),
  'admin.specDeleteUser': (u) => ({ as: 'admin', params: { userId: u.victim2.id } }),
  'auth.logout': () => ({ as: 'leaver' }),
};

const clientFor = (role: Role) => (role === 'anonymous' ? app.client() : clients[role]);

function urlOf(op: Operation, call: Pick<Call, 'params' | 'query'>, rawQuery?: string) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(call.params?.[name] ?? ''),
  );
  const query = rawQuery ?? new URLSearchParams(call.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

interface Sent {
  label: string;
  client: TestClient;
  method?: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** the statuses this call may get (any documented one when absent) */
  expect?: number[];
}

/** Sends each request, checks its answer against the document, and lists what is wrong. */
async function run(op: Operation, sent: Sent[]) {
  const failures: string[] = [];
  for (const s of sent) {
    const res = await s.client.request(s.method ?? op.method, s.url, s.body, s.headers);
    const where = `${op.id} (${s.label}) ${s.method ?? op.method} ${s.url} → ${res.status}`;
    if (s.expect && !s.expect.includes(res.status))
      failures.push(`${where}: expected ${s.expect.join('/')}: ${res.text.slice(0, 200)}`);
    for (const problem of checker.check(op, res)) failures.push(`${where}: ${problem}`);
    if (s.label === 'valid') answers.set(op.id, res);
  }
  return failures;
}

const callOf = async (op: Operation) => VALID[op.id](users);

beforeAll(async () => {
  app = await startTestApp();
  await seedAcademyContent(app.deps); // the live calls the console edits
  const admin = await createUser(app, { admin: true });
  const partner = await createUser(app, { sponsorId: admin.id });
  users = {
    admin,
    partner,
    downline: await createUser(app, { sponsorId: partner.id }),
    admin2: await createUser(app, { admin: true }),
    target: await createUser(app, { sponsorId: partner.id }),
    victim1: await createUser(app),
    victim2: await createUser(app),
    signIn: await createUser(app),
    resetter: await createUser(app),
    verifier: await createUser(app, { admin: true }),
    recoverer: await createUser(app, { admin: true }),
    disabler: await createUser(app, { secondFactor: true }),
    secondFactorTarget: await createUser(app, { secondFactor: true }),
  };
  clients.visitor = app.client();
  clients.partner = partner.client;
  clients.admin = admin.client;
  clients.mustChange = (await createUser(app, { mustChangePassword: true })).client;
  clients.mustChangeToReset = (await createUser(app, { mustChangePassword: true })).client;
  clients.leaver = (await createUser(app)).client;
  clients.enroller = (await createUser(app)).client;
  clients.disabler = users.disabler.client;
  for (const role of ['verifier', 'recoverer'] as const) {
    // the password only: the session owes its second factor
    clients[role] = app.client();
    const res = await clients[role].post('/api/login', {
      email: users[role].email,
      password: users[role].password,
    });
    expect(res.status).toBe(200);
  }
  workers = startWorkers(app.deps, [passwordResetMailJob, sendMailJob] as never[]);
  doc = (await app.client().get('/api/openapi.json')).body;
  checker = answerChecker(doc);
  operations = operationsOf(doc);
}, 120_000);
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await app?.close();
});

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [REDOCLY, 'lint', file, '--extends=recommended', '--format=json'],
        {
          cwd: dir, // no redocly.yaml of the repository or elsewhere is picked up
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 20 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{')));
      const problems = (report.problems as any[]).map(
        (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`,
      );
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('has one operation per contract route, and a valid call for each in this test', () => {
    expect(operations.map((o) => o.id).sort()).toEqual(Object.keys(allRoutes).sort());
    expect(operations.map((o) => o.id).filter((id) => !VALID[id])).toEqual([]);
  });

  it('documents the error body, X-Request-Id and Retry-After on the answers the HTTP layer gives', () => {
    for (const op of operations) {
      const responses = op.spec.responses as Record<string, any>;
      for (const status of ['400', '503']) expect(Object.keys(responses), op.id).toContain(status);
      if (op.method !== 'GET')
        for (const status of ['403', '422', '429']) expect(Object.keys(responses), op.id).toContain(status);
      if (op.spec.requestBody)
        for (const status of ['413', '415']) expect(Object.keys(responses), op.id).toContain(status);
      if (!op.spec.security?.length || op.spec.security.length === 0) continue;
      expect(Object.keys(responses), op.id).toContain('401');
    }
    const login = operations.find((o) => o.id === 'auth.login')!.spec.responses;
    expect(login['429'].headers).toMatchObject({
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
    });
    expect(login['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    const list = operations.find((o) => o.id === 'admin.listUsers')!.spec.responses;
    expect(Object.keys(list['200'].headers)).toEqual(['X-Request-Id', 'Content-Range']);
  });
});

describe('every operation answers as its document says', () => {
  it('with valid input', async () => {
    const failures: string[] = [];
    const ordered = Object.keys(VALID)
      .map((id) => operations.find((o) => o.id === id))
      .filter((o): o is Operation => Boolean(o));
    for (const op of ordered) {
      const call = await callOf(op);
      // what the server accepts, the document must accept too
      const request = checker.checkRequest(op, call.body, call.query);
      failures.push(...request.map((p) => `${op.id} (valid): ${p}`));
      failures.push(
        ...(await run(op, [
          {
            label: 'valid',
            client: clientFor(call.as),
            url: urlOf(op, call),
            body: call.body ?? (op.method === 'GET' ? undefined : {}),
            expect: [call.status ?? 200],
          },
        ])),
      );
      // a react-admin list names the resource its contract names
      const listOf = allRoutes[op.id].listOf;
      const range = answers.get(op.id)?.headers.get('content-range');
      if (listOf && !range?.startsWith(`${listOf} `))
        failures.push(`${op.id}: Content-Range ${range} does not name ${listOf}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('with bad input', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const call = await callOf(op);
      // refused before any handler runs: the leaver's session ended with its valid call, a partner's serves
      const client = clientFor(call.as === 'leaver' ? 'partner' : call.as);
      const route = allRoutes[op.id];
      const url = urlOf(op, call);
      const sent: Sent[] = [];
      const bad = (label: string, s: Omit<Sent, 'label' | 'client'>) => sent.push({ label, client, ...s });
      if (route.body) {
        bad('unknown key', { url, body: { zzUnknown: 1 }, expect: [400] });
        bad('broken JSON', { url, body: '{"a":', expect: [400] });
        bad('not JSON', { url, body: 'a=1', headers: { 'content-type': 'text/plain' }, expect: [415] });
        bad('too large', { url, body: JSON.stringify({ x: 'a'.repeat(300_000) }), expect: [413] });
      } else if (op.method !== 'GET') {
        bad('unexpected body', { url, body: { zzUnknown: 1 }, expect: [400] });
      }
      if (route.params) {
        const params = Object.fromEntries(Object.keys(call.params ?? {}).map((k) => [k, 'no such id']));
        bad('malformed id', { url: urlOf(op, { ...call, params }), body: call.body, expect: [400, 404] });
        const nobody = Object.fromEntries(Object.keys(call.params ?? {}).map((k) => [k, randomUUID()]));
        bad('unknown id', { url: urlOf(op, { ...call, params: nobody }), body: call.body, expect: [404] });
      }
      if (route.query)
        bad('unknown query key', { url: urlOf(op, { ...call, query: { ...call.query, zzUnknown: '1' } }) });
      if (!route.body && !route.params && !route.query && op.method === 'GET')
        bad('invalid percent-encoding', { url: urlOf(op, call, 'q=%E0%A4%A'), expect: [400] });
      for (const s of sent) if (!s.expect) s.expect = [400];
      failures.push(...(await run(op, sent)));
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('for callers who may not call it', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const call = await callOf(op);
      const route = allRoutes[op.id];
      const url = urlOf(op, call);
      const body = call.body ?? (op.method === 'GET' ? undefined : {});
      const sent: Sent[] = [];
      if (route.access !== 'public')
        sent.push({ label: 'signed out', client: app.client(), url, body, expect: [401] });
      if (route.access === 'user' || route.access === 'admin')
        sent.push({ label: 'must change password', client: clients.mustChange, url, body, expect: [403] });
      if (route.access === 'admin')
        sent.push({ label: 'partner', client: clients.partner, url, body, expect: [403] });
      if (op.method !== 'GET')
        sent.push({
          label: 'cross-site',
          client: clientFor(call.as),
          url,
          body,
          headers: { 'sec-fetch-site': 'cross-site' },
          expect: [403],
        });
      if (op.id === 'auth.sponsors' || op.id === 'auth.register')
        sent.push({ label: 'passcode not verified', client: app.client(), url, body, expect: [403] });
      if (op.id === 'academy.liveCallsCalendar')
        sent.push({
          label: 'wrong token',
          client: app.client(),
          url: urlOf(op, { query: { token: 'x.y' } }),
          expect: [404],
        });
      if (op.id === 'auth.login')
        sent.push({
          label: 'wrong password',
          client: app.client(),
          url,
          body: { email: users.signIn.email, password: 'not-the-password' },
          expect: [401],
        });
      // public reads (health, this document) have no caller who may not read them
      if (sent.length === 0) sent.push({ label: 'anonymous', client: app.client(), url, body });
      failures.push(...(await run(op, sent)));
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers methods a path does not list with 405 and unknown paths with 404, with the error body', async () => {
    const failures: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, any>)) {
      const method = ['DELETE', 'PATCH', 'PUT', 'POST', 'GET'].find((m) => !item[m.toLowerCase()])!;
      const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await clients.admin.request(method, url, method === 'GET' ? undefined : {});
      if (res.status !== 405) failures.push(`${method} ${url}: ${res.status}, not 405`);
      if (!res.headers.get('allow')) failures.push(`${method} ${url}: no Allow header`);
      failures.push(...checker.checkError(res).map((p) => `${method} ${url}: ${p}`));
    }
    const unknown = await clients.admin.get('/api/no-such-route');
    expect(unknown.status).toBe(404);
    failures.push(...checker.checkError(unknown));
    expect(failures).toEqual([]);
  });

  it('answers a reused Idempotency-Key with its documented 422', async () => {
    const op = operations.find((o) => o.id === 'auth.updateProfile')!;
    const headers = { 'idempotency-key': 'openapi-test-key-1' };
    const body = { firstName: 'Pat', lastName: 'Partner', phoneNumber: null, smsOptIn: false };
    const failures = await run(op, [
      { label: 'first', client: clients.partner, url: op.path, body, headers, expect: [200] },
      {
        label: 'reused',
        client: clients.partner,
        url: op.path,
        body: { ...body, firstName: 'Pam' },
        headers,
        expect: [422],
      },
    ]);
    expect(failures).toEqual([]);
  });
});

describe('answers the HTTP layer gives under pressure', () => {
  /** Every operation once, by an admin (past every access check), with a concrete path. */
  const callEvery = async (client: TestClient, ops: Operation[], want: number) => {
    const failures: string[] = [];
    for (const op of ops) {
      const url = op.path.replace(/\{\w+\}/g, () => randomUUID());
      const res = await client.request(op.method, url, op.method === 'GET' ? undefined : {});
      if (res.status !== want)
        failures.push(`${op.id}: ${res.status}, not ${want}: ${res.text.slice(0, 200)}`);
      failures.push(...checker.check(op, res).map((p) => `${op.id}: ${p}`));
    }
    return failures;
  };

  it('documents the 429 of the write limits, with Retry-After, on every write', async () => {
    const limited = await startTestApp({ WRITES_PER_MINUTE: '2' });
    try {
      const admin = await createUser(limited, { admin: true });
      let spent: TestResponse;
      do spent = await admin.client.post('/api/academy-tutorial/complete-tour');
      while (spent.status === 200);
      expect(spent.status).toBe(429);
      // the limit is checked before validation and the handler: logout keeps the session
      const writes = operations.filter((o) => o.method !== 'GET');
      expect(await callEvery(admin.client, writes, 429)).toEqual([]);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('documents the 503 of an outage, with Retry-After, on every operation', async () => {
    const outage = await startTestApp();
    try {
      const admin = await createUser(outage, { admin: true });
      outage.deps.redis.disconnect();
      // the session is in Redis: every call of a signed-in client meets the outage
      expect(await callEvery(admin.client, operations, 503)).toEqual([]);
      // without a session, the readiness check itself reports it with its own body
      const health = operations.find((o) => o.id === 'platform.health')!;
      const res = await outage.client().get('/api/health');
      expect([res.status, res.body.checks?.redis?.ok]).toEqual([503, false]);
      expect(checker.check(health, res)).toEqual([]);
    } finally {
      await outage.close();
    }
  }, 120_000);
});
