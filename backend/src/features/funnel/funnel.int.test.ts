import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { createUser, type CreatedUser } from '../../../../testing/users';
import type { RecordedEvent } from '../../eventStore/port';
import { applyEvents } from '../../projections/projection';
import { rebuildProjection } from '../../projections/rebuild';
import { funnelProjection } from './projection';
import { type FunnelFigures, funnelFigures } from './queries';

/**
 * The funnel's figures equal a count over the events: varied histories are generated, run
 * through the projection, and compared with a direct fold over the same events.
 */
let app: TestApp;
let admin: CreatedUser;

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUser(app, { admin: true });
});
afterAll(() => app?.close());

type Op =
  | { kind: 'complete' | 'reopen'; step: number; hours: number }
  | { kind: 'training' | 'reset' | 'grant' | 'revoke' | 'delete'; hours: number }
  | { kind: 'sponsor'; sponsor: number | null; hours: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('complete' as const),
      step: fc.integer({ min: 1, max: 5 }),
      hours: fc.integer({ min: 0, max: 400 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reopen' as const),
      step: fc.integer({ min: 1, max: 5 }),
      hours: fc.integer({ min: 0, max: 100 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'training' as const,
        'reset' as const,
        'grant' as const,
        'revoke' as const,
        'delete' as const,
      ),
      hours: fc.integer({ min: 0, max: 200 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('sponsor' as const),
      sponsor: fc.option(fc.integer({ min: 0, max: 11 })),
      hours: fc.integer({ min: 0, max: 50 }),
    }),
  },
);

const userArb = fc.record({
  startHours: fc.integer({ min: 0, max: 24 * 120 }),
  backdateHours: fc.option(fc.integer({ min: 1, max: 24 * 30 })),
  sponsor: fc.option(fc.integer({ min: 0, max: 11 })),
  isAdmin: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
  ops: fc.array(opArb, { maxLength: 14 }),
});

const BASE = Date.parse('2026-01-05T09:00:00Z');
const HOUR = 3_600_000;

/** Builds the events of a generated history, in time order (each event one millisecond apart at least). */
type GeneratedUser = typeof userArb extends fc.Arbitrary<infer U> ? U : never;

function historyEvents(users: Array<GeneratedUser & { id: string }>): RecordedEvent[] {
  const timed: Array<{ at: number; streamId: string; type: string; data: unknown }> = [];
  users.forEach((u, i) => {
    let at = BASE + u.startHours * HOUR + i;
    const sponsorOf = (n: number | null) => (n === null || n === i ? null : users[n % users.length].id);
    timed.push({
      at,
      streamId: `User-${u.id}`,
      type: 'UserRegistered',
      data: {
        userId: u.id,
        sponsorId: sponsorOf(u.sponsor),
        isAdmin: u.isAdmin,
        ...(u.backdateHours ? { registeredAt: new Date(at - u.backdateHours * HOUR).toISOString() } : {}),
      },
    });
    for (const op of u.ops) {
      at += op.hours * HOUR + 1;
      const onboarding = `Onboarding-${u.id}`;
      const user = `User-${u.id}`;
      if (op.kind === 'complete')
        timed.push({ at, streamId: onboarding, type: 'StepCompleted', data: { step: op.step } });
      if (op.kind === 'reopen')
        timed.push({ at, streamId: onboarding, type: 'StepReopened', data: { step: op.step } });
      if (op.kind === 'training')
        timed.push({ at, streamId: onboarding, type: 'TrainingCompleted', data: {} });
      if (op.kind === 'reset') timed.push({ at, streamId: onboarding, type: 'TrainingReset', data: {} });
      if (op.kind === 'grant')
        timed.push({ at, streamId: user, type: 'AdminGranted', data: { via: 'flag' } });
      if (op.kind === 'revoke') timed.push({ at, streamId: user, type: 'AdminRevoked', data: {} });
      if (op.kind === 'sponsor')
        timed.push({
          at,
          streamId: user,
          type: 'UserDetailsEdited',
          data: { sponsorId: sponsorOf(op.sponsor) },
        });
      if (op.kind === 'delete') {
        timed.push({ at, streamId: `Deletion-${u.id}`, type: 'UserDeleted', data: { userId: u.id } });
        break;
      }
    }
  });
  timed.sort((a, b) => a.at - b.at);
  return timed.map((e, n) => ({
    id: randomUUID(),
    streamId: e.streamId,
    revision: 0n,
    position: String(n),
    type: e.type,
    data: e.data,
    metadata: {},
    createdAt: new Date(e.at),
  }));
}

const median = (xs: number[]) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mondayOf = (t: number) => {
  const d = new Date(t);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return new Date(day - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};

/** The funnel counted straight from the events: for each account, the last word of each kind wins. */
function countOverEvents(events: RecordedEvent[], sponsorId: string | null): FunnelFigures {
  const ids = new Set(
    events.filter((e) => e.type === 'UserRegistered').map((e) => (e.data as { userId: string }).userId),
  );
  const people = [...ids].flatMap((id) => {
    const mine = events.filter((e) => e.streamId.endsWith(id));
    if (mine.some((e) => e.type === 'UserDeleted')) return [];
    const reg = mine.find((e) => e.type === 'UserRegistered')!;
    const r = reg.data as { sponsorId: string | null; isAdmin: boolean; registeredAt?: string };
    let isAdmin = r.isAdmin;
    let sponsor = r.sponsorId;
    for (const e of mine) {
      if (e.type === 'AdminGranted') isAdmin = true;
      if (e.type === 'AdminRevoked') isAdmin = false;
      if (e.type === 'UserDetailsEdited') sponsor = (e.data as { sponsorId: string | null }).sponsorId;
    }
    const lastOf = (types: (e: RecordedEvent) => boolean) => mine.filter(types).at(-1);
    const done = [1, 2, 3, 4, 5].map(
      (k) =>
        lastOf(
          (e) =>
            ((e.type === 'StepCompleted' || e.type === 'StepReopened') &&
              (e.data as { step: number }).step === k) ||
            e.type === 'TrainingReset',
        )?.type === 'StepCompleted',
    );
    done.push(
      lastOf((e) => e.type === 'TrainingCompleted' || e.type === 'TrainingReset')?.type ===
        'TrainingCompleted',
    );
    const firstAt = [1, 2, 3, 4, 5].map(
      (k) =>
        mine
          .find((e) => e.type === 'StepCompleted' && (e.data as { step: number }).step === k)
          ?.createdAt.getTime() ?? null,
    );
    firstAt.push(mine.find((e) => e.type === 'TrainingCompleted')?.createdAt.getTime() ?? null);
    const registeredAt = r.registeredAt ? Date.parse(r.registeredAt) : reg.createdAt.getTime();
    return [{ isAdmin, sponsor, done, firstAt, registeredAt }];
  });
  const counted = people.filter((p) => !p.isAdmin && (!sponsorId || p.sponsor === sponsorId));
  const spans = (i: number) =>
    counted.flatMap((p) => {
      const start = i === 0 ? p.registeredAt : p.firstAt[i - 1];
      const end = p.firstAt[i];
      return start === null || end === null ? [] : [Math.max(0, (end - start) / 86_400_000)];
    });
  const weeks = [...new Set(counted.map((p) => mondayOf(p.registeredAt)))].sort().reverse();
  return {
    registered: counted.length,
    completed: [0, 1, 2, 3, 4, 5].map((i) => counted.filter((p) => p.done[i]).length),
    medianDays: [0, 1, 2, 3, 4, 5].map((i) => median(spans(i))),
    cohorts: weeks.map((week) => {
      const cohort = counted.filter((p) => mondayOf(p.registeredAt) === week);
      return {
        week,
        registered: cohort.length,
        completed: [0, 1, 2, 3, 4, 5].map((i) => cohort.filter((p) => p.done[i]).length),
      };
    }),
  };
}

const expectSame = (actual: FunnelFigures, expected: FunnelFigures) => {
  expect({ ...actual, medianDays: [] }).toEqual({ ...expected, medianDays: [] });
  actual.medianDays.forEach((m, i) => {
    if (expected.medianDays[i] === null) expect(m).toBeNull();
    else expect(m).toBeCloseTo(expected.medianDays[i]!, 6);
  });
};

describe('funnel projection', () => {
  it('gives the figures a direct count over the events gives, for everyone and for one sponsor’s team', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(userArb, { minLength: 1, maxLength: 12 }), async (generated) => {
        const users = generated.map((u) => ({ ...u, id: randomUUID() }));
        const events = historyEvents(users);
        await app.deps.db('funnel_members').delete();
        await app.deps.db.transaction((trx) => applyEvents(funnelProjection, trx, events));
        expectSame(await funnelFigures(app.deps.db, null), countOverEvents(events, null));
        const sponsor = users[0].id;
        expectSame(await funnelFigures(app.deps.db, sponsor), countOverEvents(events, sponsor));
      }),
      { numRuns: 60 },
    );
    await app.deps.db('funnel_members').delete();
  });
});

describe('funnel page data', () => {
  it('follows real appends, answers the API and the CSV, and rebuilds to the same figures', async () => {
    const append = async (streamId: string, type: string, data: unknown) =>
      app.deps.store.appendToStream(streamId, [
        {
          id: randomUUID(),
          type,
          data,
          metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
        },
      ]);
    const sponsor = randomUUID();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await append(`User-${sponsor}`, 'UserRegistered', {
      userId: sponsor,
      uid: 'S1',
      firstName: 'Sam',
      lastName: 'Sponsor',
      email: 's@example.org',
      passwordHash: '!x',
      sponsorId: null,
      source: 'seed',
    });
    for (const [n, id] of ids.entries())
      await append(`User-${id}`, 'UserRegistered', {
        userId: id,
        uid: `P${n}`,
        firstName: 'P',
        lastName: String(n),
        email: `p${n}@example.org`,
        passwordHash: '!x',
        sponsorId: sponsor,
        source: 'seed',
      });
    await append(`Onboarding-${ids[0]}`, 'StepCompleted', { step: 1 });
    await append(`Onboarding-${ids[0]}`, 'StepCompleted', { step: 2 });
    await append(`Onboarding-${ids[1]}`, 'StepCompleted', { step: 1 });
    // no wait here: commands do not wait for the funnel, its reads catch up with every committed event

    const all = await app.deps.store.readAll({ after: null, maxCount: 10_000 });
    const team = await admin.client.get(`/api/admin/funnel?sponsorId=${sponsor}`);
    expect(team.status).toBe(200);
    const expected = countOverEvents(all, sponsor);
    expect(team.body.registered).toBe(3);
    expect(team.body.stages.map((s: { completed: number }) => s.completed)).toEqual(expected.completed);
    expect(team.body.stages[0]).toMatchObject({
      stage: 'step1',
      reached: 3,
      completed: 2,
      dropOff: 1,
      completionRate: 66.7,
    });
    expect(team.body.stages[1]).toMatchObject({ stage: 'step2', reached: 2, completed: 1, dropOff: 1 });
    expect(team.body.sponsors).toContainEqual({ id: sponsor, name: 'Sam Sponsor', partners: 3 });

    const everyone = await admin.client.get('/api/admin/funnel');
    expect(everyone.body.registered).toBe(countOverEvents(all, null).registered);

    const csv = await admin.client.get(`/api/admin/export/funnel.csv?sponsorId=${sponsor}`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="funnel-team-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('stage,reached,completed,drop_off,completion_rate_percent,median_days');
    expect(lines[1]).toMatch(/^step1,3,2,1,66\.7,\d+(\.\d)?$/);
    // the last stage's drop-off and median days do not apply: empty cells (the page shows "—"),
    // also once someone has finished (a median of 0 days before)
    expect(lines[6]).toBe('training,0,0,,0,');
    for (const step of [3, 4, 5]) await append(`Onboarding-${ids[0]}`, 'StepCompleted', { step });
    await append(`Onboarding-${ids[0]}`, 'TrainingCompleted', {});
    const trained = await admin.client.get(`/api/admin/export/funnel.csv?sponsorId=${sponsor}`);
    expect(trained.text.split('\r\n')[6]).toBe('training,1,1,,33.3,');
    expect(lines).toContain('cohort_week,registered,step1,step2,step3,step4,step5,training');

    expect((await admin.client.get('/api/admin/funnel?sponsorId=nope')).status).toBe(400);

    const before = await funnelFigures(app.deps.db, null);
    await rebuildProjection(app.deps.db, app.deps.store, funnelProjection);
    expect(await funnelFigures(app.deps.db, null)).toEqual(before);
  });
});
