import { afterAll, beforeAll, expect, it } from 'vitest';
import { FUNNEL_COHORT_WEEKS, FUNNEL_STAGES } from '@portal/contracts/funnel/endpoints';
import type { FunnelCohort } from '@portal/contracts/funnel/schemas';
import { startTestApp, type TestApp } from '../../../testing/app';
import { createUser } from '../../../testing/users';
import { seedDemoData } from './seed';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await seedDemoData(app.deps);
});
afterAll(() => app?.close());

it("stamps each demo partner's steps after joining and before the last sign-in, so the funnel's median days are real", async () => {
  const admin = await createUser(app, { admin: true });
  const funnel = await admin.client.get('/api/admin/funnel');
  expect(funnel.status).toBe(200);

  const now = Date.now();
  const rows = await app.deps
    .db('funnel_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.is_admin', false)
    .select('u.email', 'm.registered_at', 'm.first_done_at', 'm.training_completed_at', 'u.last_login_at');
  const time = (t: Date | string | null) => (t === null ? null : new Date(t).getTime());
  let completions = 0;
  for (const r of rows) {
    const joined = time(r.registered_at)!;
    const until = time(r.last_login_at) ?? now;
    const steps = (r.first_done_at as (Date | string | null)[]).map(time);
    const done = steps.filter((t): t is number => t !== null);
    completions += done.length;
    // after joining, before the last sign-in (and so before now), in step order
    for (const t of done) {
      expect(t, r.email).toBeGreaterThan(joined);
      expect(t, r.email).toBeLessThan(until);
      expect(t, r.email).toBeLessThan(now);
    }
    expect(done, r.email).toEqual([...done].sort((a, b) => a - b));
    // the training completes with step 5, not when the demo was seeded
    if (r.training_completed_at) expect(time(r.training_completed_at), r.email).toBe(steps[4]);
  }
  expect(rows.length).toBeGreaterThanOrEqual(37);
  expect(completions).toBeGreaterThan(60);

  // every step took days: no step's median is 0, and none is the months since the seed's oldest sign-ups
  const medians = (funnel.body.stages as { stage: string; medianDays: number | null }[]).map((s) => [
    s.stage,
    s.medianDays,
  ]);
  expect(medians.map(([stage]) => stage)).toEqual([...FUNNEL_STAGES]);
  for (const [stage, days] of medians.slice(0, 5)) {
    expect(days, String(stage)).toBeGreaterThan(0);
    expect(days, String(stage)).toBeLessThan(30);
  }
});

it("gives every week of the funnel's cohort chart a cohort of its own, younger cohorts behind older ones", async () => {
  const admin = await createUser(app, { admin: true });
  const cohorts = (await admin.client.get('/api/admin/funnel')).body.cohorts as FunnelCohort[];
  // newest first; the current week may have begun only today
  const weeks = cohorts.slice(1, FUNNEL_COHORT_WEEKS);
  expect(weeks).toHaveLength(FUNNEL_COHORT_WEEKS - 1);
  for (const c of weeks) {
    expect(c.registered, c.week).toBeGreaterThanOrEqual(4);
    // fewer partners at each later step, none with a step the one before is missing
    for (let s = 1; s < 5; s++) expect(c.completed[s], c.week).toBeLessThanOrEqual(c.completed[s - 1]!);
  }
  const trainingShare = (list: FunnelCohort[]) =>
    list.reduce((sum, c) => sum + c.completed[5]! / c.registered, 0) / list.length;
  expect(trainingShare(weeks.slice(0, 3))).toBeLessThan(trainingShare(weeks.slice(12)) - 0.15);
});

it('records nothing when the demo data is seeded again (make start on a seeded database)', async () => {
  const count = async () => Number((await app.deps.db('users').count({ n: '*' }))[0]!.n);
  const before = await count();
  const summary = await seedDemoData(app.deps);
  expect(await count()).toBe(before);
  expect(summary).toContain('0 of 8 partners created');
  expect(summary).toContain('partners: 0 added');
  expect(summary).toContain('; 0 more who joined');
});
