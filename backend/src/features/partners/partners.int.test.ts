import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../../testing/app';
import { rebuildProjection } from '../../projections/rebuild';
import { partnerDirectoryProjection } from './projection';
import { seedPartner, type SeedPartner } from './seed';

const PASSWORD = 'Sponsor-Pass-2026';
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const why = (shareWithSponsor: boolean) => ({
  joinReason: 'Freedom for my family',
  monthlyGoal3: '500',
  monthlyGoal6: '1500',
  monthlyGoal12: '4000',
  lifeChanges: 'More time at home',
  commitmentLevel: 'all-in',
  timeAvailable: '10 hours a week',
  helpNeeded: 'Inviting',
  strengths: 'People person',
  shareWithSponsor,
});

let app: TestApp;
let ana: TestClient; // sponsor under test
let bea: TestClient; // one of Ana's partners, herself a sponsor
const ids: Record<string, string> = {};
const warnings: { obj: unknown; msg: unknown }[] = [];

async function add(
  key: string,
  p: Omit<SeedPartner, 'email' | 'firstName' | 'lastName'> & Partial<SeedPartner>,
) {
  const { id, position } = await seedPartner(app.deps, {
    firstName: key[0]!.toUpperCase() + key.slice(1),
    lastName: 'Tester',
    email: `${key}@example.test`,
    ...p,
  });
  ids[key] = id;
  return position;
}

async function signIn(email: string) {
  const client = app.client();
  const res = await client.post('/api/login', { email, password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  return client;
}

beforeAll(async () => {
  app = await startTestApp();
  // Capture warnings of request logs (the root logger; the request id comes from the request scope).
  const logger = app.deps.logger;
  const warn = logger.warn.bind(logger);
  logger.warn = ((obj: unknown, msg?: unknown) => {
    warnings.push({ obj, msg });
    return warn(obj as never, msg as never);
  }) as typeof logger.warn;
  const passwordHash = await app.deps.passwords.hash(PASSWORD);
  await add('ana', { sponsorId: null, passwordHash, lastLoginAt: daysAgo(0) });
  await add('zoe', { sponsorId: null, passwordHash }); // another sponsor
  // Ana's direct partners: every status, in a known order of creation
  await add('bea', {
    sponsorId: ids.ana,
    passwordHash,
    lastLoginAt: daysAgo(1),
    completedSteps: 5,
    whyAnswers: why(true),
  });
  await add('carl', {
    sponsorId: ids.ana,
    lastLoginAt: daysAgo(3),
    completedSteps: 2,
    whyAnswers: why(false),
  });
  await add('dina', { sponsorId: ids.ana, lastLoginAt: daysAgo(10), completedSteps: 0 });
  await add('eric', { sponsorId: ids.ana, completedSteps: 1 }); // progress without a login: not started
  await add('fay', {
    sponsorId: ids.ana,
    lastLoginAt: daysAgo(2),
    completedSteps: 4,
    feelGreatLink: 'https://example.test/fay',
    customerList: [{ id: 'c1', name: 'Gina', note: 'Gym friend' }],
    partnerList: [{ id: 'p1', name: 'Hugo' }],
    productExperience: { startDate: '2026-01-05', positiveChanges: 'Sleep', confidenceLevel: 'confident' },
  });
  await add('gus_100%', {
    sponsorId: ids.ana,
    email: 'gus@example.test',
    lastLoginAt: daysAgo(40),
    completedSteps: 5,
  });
  // Bea's partners (Ana's level 2) and one level 3
  await add('hana', {
    sponsorId: ids.bea,
    lastLoginAt: daysAgo(5),
    completedSteps: 5,
    whyAnswers: why(true),
  });
  await add('ivan', { sponsorId: ids.bea, completedSteps: 0 });
  await add('jade', { sponsorId: ids.hana, lastLoginAt: daysAgo(6), completedSteps: 3 });
  // Zoe's partners: never visible to Ana
  await add('kim', { sponsorId: ids.zoe, lastLoginAt: daysAgo(1), completedSteps: 5, whyAnswers: why(true) });
  const last = await add('leo', { sponsorId: ids.zoe, completedSteps: 2 });
  await app.deps.projections.waitFor(last);
  ana = await signIn('ana@example.test');
  bea = await signIn('bea@example.test');
});

afterAll(async () => {
  await app?.close();
});

type Item = {
  id: string;
  firstName: string;
  level: number;
  status: string;
  progress: { completedSteps: number; percent: number };
};
const idsOf = (items: Item[]) => items.map((i) => i.id).sort();
const pick = (...keys: string[]) => keys.map((k) => ids[k]!).sort();

describe('GET /api/partners', () => {
  it('lists exactly the partners the caller sponsored', async () => {
    const res = await ana.get('/api/partners?pageSize=100');
    expect(res.status).toBe(200);
    expect(idsOf(res.body.items)).toEqual(pick('bea', 'carl', 'dina', 'eric', 'fay', 'gus_100%'));
    expect(res.body).toMatchObject({ total: 6, page: 1, pageSize: 100 });
    expect(res.body.items.map((i: Item) => i.level)).toEqual([1, 1, 1, 1, 1, 1]);
    const other = await bea.get('/api/partners');
    expect(idsOf(other.body.items)).toEqual(pick('hana', 'ivan'));
  });

  it('lists the whole downline with levels when asked, and nobody else', async () => {
    const res = await ana.get('/api/partners?scope=all&pageSize=100');
    expect(res.status).toBe(200);
    expect(idsOf(res.body.items)).toEqual(
      pick('bea', 'carl', 'dina', 'eric', 'fay', 'gus_100%', 'hana', 'ivan', 'jade'),
    );
    const level = Object.fromEntries(res.body.items.map((i: Item) => [i.id, i.level]));
    expect([level[ids.bea!], level[ids.hana!], level[ids.jade!]]).toEqual([1, 2, 3]);
    const jade = res.body.items.find((i: Item) => i.id === ids.jade);
    expect(jade.sponsorName).toBe('Hana Tester');
  });

  it('computes status and percent by the shared rules', async () => {
    const res = await ana.get('/api/partners?pageSize=100');
    const byName = Object.fromEntries(res.body.items.map((i: Item) => [i.firstName, i]));
    expect(byName.Bea).toMatchObject({ status: 'complete', progress: { completedSteps: 5, percent: 100 } });
    expect(byName.Carl).toMatchObject({
      status: 'in-progress',
      progress: { completedSteps: 2, percent: 40 },
    });
    expect(byName.Dina).toMatchObject({ status: 'not-started', progress: { percent: 0 } });
    expect(byName.Eric).toMatchObject({
      status: 'not-started',
      progress: { completedSteps: 1, percent: 20 },
    });
    expect(byName.Eric.lastLoginAt).toBeNull();
  });

  it('sorts, filters, searches and pages in the database', async () => {
    const names = async (qs: string) =>
      ((await ana.get(`/api/partners?${qs}`)).body.items as Item[]).map((i) => i.firstName);
    expect(await names('sort=name&order=asc')).toEqual(['Bea', 'Carl', 'Dina', 'Eric', 'Fay', 'Gus_100%']);
    expect(await names('sort=name&order=desc&pageSize=2&page=2')).toEqual(['Eric', 'Dina']);
    // last login: most recent first, never-logged-in last
    expect(await names('sort=lastLogin')).toEqual(['Bea', 'Fay', 'Carl', 'Dina', 'Gus_100%', 'Eric']);
    expect(await names('sort=createdAt&order=asc')).toEqual([
      'Bea',
      'Carl',
      'Dina',
      'Eric',
      'Fay',
      'Gus_100%',
    ]);
    expect((await names('sort=progress')).slice(0, 2).sort()).toEqual(['Bea', 'Gus_100%']);
    expect(await names('status=in-progress&sort=name&order=asc')).toEqual(['Carl', 'Fay']);
    expect(await names('status=not-started&sort=name&order=asc')).toEqual(['Dina', 'Eric']);
    // search: name, e-mail or uid, case-insensitive; % and _ are literal characters
    expect(await names('search=FAY')).toEqual(['Fay']);
    expect(await names('search=carl%40example')).toEqual(['Carl']);
    expect(await names('search=Tester&sort=name&order=asc&pageSize=2')).toEqual(['Bea', 'Carl']);
    // only Gus_100% has a literal % or _: they are not wildcards
    expect(await names('search=%25')).toEqual(['Gus_100%']);
    expect(await names('search=_')).toEqual(['Gus_100%']);
    expect(await names('search=Hana')).toEqual([]); // level 2 only with scope=all
    const page3 = await ana.get('/api/partners?sort=name&order=asc&pageSize=2&page=3');
    expect(page3.body).toMatchObject({ total: 6, page: 3, pageSize: 2 });
    const beyond = await ana.get('/api/partners?pageSize=2&page=9');
    expect(beyond.body).toMatchObject({ items: [], total: 6 });
  });

  it('refuses bad input with a clear message', async () => {
    for (const qs of [
      'pageSize=101',
      'page=0',
      'status=done',
      'sort=email',
      'scope=everyone',
      'isAdmin=true',
      'order=up',
    ]) {
      const res = await ana.get(`/api/partners?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.error).toBe('invalid_input');
      expect(res.body.message).toMatch(/^query\./);
      expect(res.text).not.toMatch(/at .*\.ts/);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await app.client().get('/api/partners')).status).toBe(401);
    expect((await app.client().get('/api/partners/stats')).status).toBe(401);
    expect((await app.client().get(`/api/partners/details/${ids.bea}`)).status).toBe(401);
  });
});

describe('GET /api/partners/stats', () => {
  it('counts match the list for each scope', async () => {
    // Ana's partners by status (see beforeAll): level 1 for 'direct', levels 1 to 3 for 'all'
    const byStatus = {
      direct: {
        complete: ['bea', 'gus_100%'],
        'in-progress': ['carl', 'fay'],
        'not-started': ['dina', 'eric'],
      },
      all: {
        complete: ['bea', 'gus_100%', 'hana'],
        'in-progress': ['carl', 'fay', 'jade'],
        'not-started': ['dina', 'eric', 'ivan'],
      },
    };
    for (const [scope, expected] of Object.entries(byStatus)) {
      const stats = (await ana.get(`/api/partners/stats?scope=${scope}`)).body;
      for (const [status, names] of Object.entries(expected)) {
        const res = await ana.get(`/api/partners?scope=${scope}&status=${status}&pageSize=100`);
        // the SQL filter and the status computed for each item follow the same rule
        expect(idsOf(res.body.items), `${scope} ${status}`).toEqual(pick(...names));
        expect(res.body.items.map((i: Item) => i.status)).toEqual(names.map(() => status));
        expect(res.body.total).toBe(names.length);
      }
      const all = await ana.get(`/api/partners?scope=${scope}&status=all&pageSize=100`);
      expect(all.body.total).toBe(Object.values(expected).flat().length);
      expect(stats).toEqual({
        totalPartners: all.body.total,
        trainingComplete: expected.complete.length,
        inProgress: expected['in-progress'].length,
        notStarted: expected['not-started'].length,
      });
    }
    // without a scope: Ana's direct partners
    expect((await ana.get('/api/partners/stats')).body).toEqual({
      totalPartners: 6,
      trainingComplete: 2,
      inProgress: 2,
      notStarted: 2,
    });
    expect((await app.client().get('/api/partners/stats')).status).toBe(401);
  });

  it('is all zero for someone without partners', async () => {
    const passwordHash = await app.deps.passwords.hash(PASSWORD);
    const { position } = await seedPartner(app.deps, {
      sponsorId: null,
      firstName: 'Solo',
      lastName: 'One',
      email: 'solo@example.test',
      passwordHash,
    });
    await app.deps.projections.waitFor(position);
    const solo = await signIn('solo@example.test');
    expect((await solo.get('/api/partners/stats')).body).toEqual({
      totalPartners: 0,
      trainingComplete: 0,
      inProgress: 0,
      notStarted: 0,
    });
    expect((await solo.get('/api/partners')).body).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });
});

describe('GET /api/partners/details/:partnerId', () => {
  it("answers a partner's progress and saved answers", async () => {
    const res = await ana.get(`/api/partners/details/${ids.fay}`);
    expect(res.status).toBe(200);
    expect(res.body.partner).toMatchObject({
      id: ids.fay,
      firstName: 'Fay',
      level: 1,
      status: 'in-progress',
    });
    expect(res.body.progress).toMatchObject({
      step1Completed: true,
      step4Completed: true,
      step5Completed: false,
      feelGreatLink: 'https://example.test/fay',
      customerList: [{ id: 'c1', name: 'Gina', note: 'Gym friend' }],
      partnerList: [{ id: 'p1', name: 'Hugo' }],
      productExperience: {
        isSkipped: false,
        startDate: '2026-01-05',
        positiveChanges: 'Sleep',
        confidenceLevel: 'confident',
      },
      whyAnswers: null,
    });
  });

  it('answers 404 for a partner of another sponsor, the same as for a missing id, and logs it (QUALITY 15)', async () => {
    warnings.length = 0;
    const foreign = await ana.get(`/api/partners/details/${ids.kim}`);
    const missing = await ana.get(`/api/partners/details/${randomUUID()}`);
    const garbage = await ana.get('/api/partners/details/not-a-uuid');
    const self = await ana.get(`/api/partners/details/${ids.ana}`);
    const upline = await bea.get(`/api/partners/details/${ids.ana}`);
    for (const res of [foreign, missing, garbage, self, upline]) {
      expect(res.status).toBe(404);
      const { requestId, ...body } = res.body;
      expect(typeof requestId).toBe('string');
      expect(body).toEqual({ error: 'partner_not_found', message: 'Partner not found' });
    }
    expect(warnings).toContainEqual({
      obj: { callerId: ids.ana, targetId: ids.kim },
      msg: expect.stringContaining('partner details refused'),
    });
    expect(JSON.stringify(foreign.body)).not.toContain('Kim');
  });

  it('shows step 5 answers only when the partner shares them with their sponsor (QUALITY 15)', async () => {
    const shared = await ana.get(`/api/partners/details/${ids.bea}`);
    expect(shared.body.progress.whyAnswers).toMatchObject({
      shareWithSponsor: true,
      joinReason: 'Freedom for my family',
      strengths: 'People person',
    });
    const notShared = await ana.get(`/api/partners/details/${ids.carl}`);
    expect(notShared.body.progress.whyAnswers).toEqual({ shareWithSponsor: false });
    expect(notShared.text).not.toContain('Freedom for my family');
    // Hana shares with her sponsor Bea, not with Bea's sponsor Ana
    const direct = await bea.get(`/api/partners/details/${ids.hana}`);
    expect(direct.body.progress.whyAnswers).toMatchObject({
      shareWithSponsor: true,
      joinReason: 'Freedom for my family',
    });
    const upline = await ana.get(`/api/partners/details/${ids.hana}`);
    expect(upline.status).toBe(200);
    expect(upline.body.partner.level).toBe(2);
    expect(upline.body.progress.whyAnswers).toEqual({ shareWithSponsor: false });
    expect(upline.text).not.toContain('Freedom for my family');
  });

  it('follows the downline to any depth', async () => {
    const res = await ana.get(`/api/partners/details/${ids.jade}`);
    expect(res.status).toBe(200);
    expect(res.body.partner).toMatchObject({ level: 3, status: 'in-progress', sponsorName: 'Hana Tester' });
    expect((await bea.get(`/api/partners/details/${ids.jade}`)).body.partner.level).toBe(2);
  });
});

describe('the directory read model', () => {
  const record = async (streamId: string, type: string, data: unknown) => {
    const { position } = await app.deps.store.appendToStream(streamId, [
      {
        id: randomUUID(),
        type,
        data,
        metadata: { actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
      },
    ]);
    await app.deps.projections.waitFor(position);
  };
  const zoe = async () => {
    const client = await signIn('zoe@example.test');
    return async (query = '') =>
      (await client.get(`/api/partners?pageSize=100${query}`)).body.items as (Item & { lastName: string })[];
  };

  it('follows steps, a training reset, renames, sponsor moves and deletions', async () => {
    const list = await zoe();
    await add('mia', { sponsorId: ids.zoe, lastLoginAt: daysAgo(1), completedSteps: 3 });
    await record(`Onboarding-${ids.mia}`, 'StepCompleted', { step: 4 });
    expect((await list()).find((i) => i.id === ids.mia)).toMatchObject({
      status: 'in-progress',
      progress: { completedSteps: 4, percent: 80 },
    });
    await record(`Onboarding-${ids.mia}`, 'TrainingReset', {});
    expect((await list('&status=not-started')).map((i) => i.id)).toContain(ids.mia);

    await record(`User-${ids.mia}`, 'UserDetailsEdited', { lastName: 'Renamed' });
    expect((await list('&search=renamed')).map((i) => i.id)).toEqual([ids.mia]);
    expect((await list('&search=MIA%20RENAMED')).map((i) => i.id)).toEqual([ids.mia]);

    // Mia's own team, two levels
    await add('nia', { sponsorId: ids.mia, lastLoginAt: daysAgo(2), completedSteps: 1 });
    await app.deps.projections.waitFor(await add('oto', { sponsorId: ids.nia, completedSteps: 0 }));
    const levels = async (client: TestClient) =>
      Object.fromEntries(
        ((await client.get('/api/partners?scope=all&pageSize=100')).body.items as Item[]).map((i) => [
          i.id,
          i.level,
        ]),
      );
    expect(await levels(await signIn('zoe@example.test'))).toMatchObject({
      [ids.mia]: 1,
      [ids.nia]: 2,
      [ids.oto]: 3,
    });

    // moved under Ana by an admin, with her team: gone from Zoe's lists, in Ana's
    await record(`User-${ids.mia}`, 'UserDetailsEdited', { sponsorId: ids.ana });
    expect((await list()).map((i) => i.id)).not.toContain(ids.mia);
    const zoes = await levels(await signIn('zoe@example.test'));
    for (const key of ['mia', 'nia', 'oto']) expect(zoes[ids[key]!]).toBeUndefined();
    const anas = (await ana.get('/api/partners?pageSize=100')).body.items as Item[];
    expect(anas.map((i) => i.id)).toContain(ids.mia);
    expect(await levels(ana)).toMatchObject({ [ids.mia]: 1, [ids.nia]: 2, [ids.oto]: 3 });
    expect((await ana.get(`/api/partners/details/${ids.oto}`)).body.partner.level).toBe(3);
    expect((await bea.get(`/api/partners/details/${ids.oto}`)).status).toBe(404);

    // deleted: gone, with no trace of the id in the directory; her team stays in Ana's, same levels
    await record(`User-${ids.mia}`, 'UserDeleted', { userId: ids.mia });
    const directory = JSON.stringify(await app.deps.db('partner_directory').select());
    expect(directory).not.toContain(ids.mia);
    const after = await levels(ana);
    expect(after[ids.mia]).toBeUndefined();
    expect(after).toMatchObject({ [ids.nia]: 2, [ids.oto]: 3 });
  });

  it('does not write a row again for onboarding events it does not show (a saved link, lists, answers)', async () => {
    await app.deps.projections.waitFor(await add('pia', { sponsorId: ids.zoe, completedSteps: 2 }));
    // the row version PostgreSQL gives each write of the row
    const version = async () =>
      (await app.deps.db('partner_directory').where({ user_id: ids.pia }).first('xmin')).xmin as string;
    const written = await version();
    await record(`Onboarding-${ids.pia}`, 'ReferralLinkSaved', { feelGreatLink: 'https://example.test/pia' });
    await record(`Onboarding-${ids.pia}`, 'ProspectListsUpdated', { customerList: [], partnerList: [] });
    expect(await version()).toBe(written);
    await record(`Onboarding-${ids.pia}`, 'StepCompleted', { step: 3 });
    expect(await version()).not.toBe(written);
    const [pia] = (await (await signIn('zoe@example.test')).get('/api/partners?search=pia')).body.items;
    expect(pia).toMatchObject({ id: ids.pia, progress: { completedSteps: 3 } });
  });

  it('is rebuilt from the events into the same rows', async () => {
    const rows = () => app.deps.db('partner_directory').orderBy('user_id').select();
    const before = await rows();
    expect(before.length).toBeGreaterThan(10);
    await app.deps.projections.stop();
    await app.deps.db('partner_directory').update({ completed_steps: 0, steps: '{f,f,f,f,f}' });
    await app.deps.db('partner_directory').where({ user_id: ids.bea }).delete();
    await rebuildProjection(app.deps.db, app.deps.store, partnerDirectoryProjection);
    expect(await rows()).toEqual(before);
  });
});
