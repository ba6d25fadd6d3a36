import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { createUser } from '../../../../testing/users';
import { handleCommand } from '../../app/commandHandler';
import { alignAllNewsletterSteps } from '../../app/newsletterStep';
import { userDecider } from '../../domain/user/decider';
import { type LockedStream, readStreamOrEmpty } from '../../eventStore/port';
import { rebuildProjection } from '../../projections/rebuild';
import { onboardingProgressProjection } from './projection';
import { entries, experience, why } from '../../../../testing/fixtures/onboarding';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const onboardingEvents = async (userId: string) =>
  (await readStreamOrEmpty(app.deps.store, `Onboarding-${userId}`)).map((e) => e.type);
describe('onboarding progress API', () => {
  it('a new partner has no progress: real booleans, step 1, revision -1; anonymous callers get 401', async () => {
    const { client } = await createUser(app);
    const res = await client.get('/api/onboarding-progress');
    expect(res.status).toBe(200);
    expect(res.body.progress).toEqual({
      step1Completed: false,
      step2Completed: false,
      step3Completed: false,
      step4Completed: false,
      step5Completed: false,
      currentStep: 1,
      trainingCompleted: false,
      feelGreatLink: null,
      customerList: [],
      partnerList: [],
      productExperience: null,
      whyAnswers: null,
      revision: -1,
    });
    expect((await app.client().get('/api/onboarding-progress')).status).toBe(401);
  });

  it('takes a partner through the five steps; each rule is checked on the server and a failed one records nothing', async () => {
    const user = await createUser(app);
    const { client } = user;

    // step 1: the newsletter (demo list without Mailchimp credentials)
    const refused = await client.post('/api/complete-step', { step: 1 });
    expect(refused.status).toBe(400);
    const sub = await client.post('/api/newsletter/subscribe', {
      email: user.email,
      firstName: 'Test',
      lastName: 'User',
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ success: true, subscribed: true, status: 'subscribed' });
    expect(sub.body.progress).toMatchObject({ step1Completed: true, currentStep: 2 });
    expect((await client.get('/api/me')).body.newsletter).toBe(true);
    expect((await client.get('/api/check-newsletter-status')).body).toEqual({
      subscribed: true,
      status: 'subscribed',
    });

    // step 2: a rejected link changes nothing
    const before = await onboardingEvents(user.id);
    const bad = await client.post('/api/complete-step', {
      step: 2,
      data: { feelGreatLink: 'https://example.com/c/abc' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'invalid_link',
      message: 'Please enter a valid UFeelGreat link format (ufeelgreat.com/c/YOURLINKHERE).',
    });
    expect(bad.text).not.toMatch(/at .*\.ts/); // no stack trace
    expect(await onboardingEvents(user.id)).toEqual(before);
    const good = await client.post('/api/complete-step', {
      step: 2,
      data: { feelGreatLink: 'http://UFeelGreat.com/c/Anna2026' },
    });
    expect(good.status).toBe(200);
    expect(good.body.progress).toMatchObject({
      step2Completed: true,
      feelGreatLink: 'https://ufeelgreat.com/c/Anna2026',
      currentStep: 3,
    });

    // step 3: lists with trimmed names; too short to complete; then complete
    let revision: number = good.body.progress.revision;
    const saved = await client.post('/api/update-onboarding-data', {
      customerList: [{ id: 'c-x', name: '  Maria Lopez  ', note: '  met at gym ' }, ...entries('c', 3)],
      partnerList: entries('p', 5),
      revision,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.progress.customerList[0]).toEqual({
      id: 'c-x',
      name: 'Maria Lopez',
      note: 'met at gym',
    });
    revision = saved.body.progress.revision;
    const short = await client.post('/api/complete-step', { step: 3 });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('lists_too_short');
    const empty = await client.post('/api/update-onboarding-data', {
      customerList: [{ id: 'e', name: '   ' }],
      revision,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('empty_name');
    const five = await client.post('/api/update-onboarding-data', {
      customerList: [{ id: 'c-x', name: 'Maria Lopez' }, ...entries('c', 4)],
      partnerList: entries('p', 5),
      revision,
    });
    expect(five.status).toBe(200);
    const step3 = await client.post('/api/complete-step', { step: 3 });
    expect(step3.status).toBe(200);
    expect(step3.body.progress).toMatchObject({ step3Completed: true, currentStep: 4 });

    // step 4: required fields, then submit
    const missing = await client.post('/api/complete-step', {
      step: 4,
      data: { startDate: 'May', positiveChanges: '', confidenceLevel: 'confident' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please fill in required fields');
    const step4 = await client.post('/api/complete-step', {
      step: 4,
      data: { ...experience, challenges: '  ' },
    });
    expect(step4.body.progress.productExperience).toEqual({ ...experience, isSkipped: false });
    expect(step4.body.progress).toMatchObject({ step4Completed: true, currentStep: 5 });

    // step 5: completes training
    const step5 = await client.post('/api/complete-step', { step: 5, data: why });
    expect(step5.status).toBe(200);
    expect(step5.body.progress).toMatchObject({
      step1Completed: true,
      step2Completed: true,
      step3Completed: true,
      step4Completed: true,
      step5Completed: true,
      trainingCompleted: true,
      currentStep: 5,
      whyAnswers: why,
    });
    expect(await onboardingEvents(user.id)).toEqual([
      'StepCompleted',
      'ReferralLinkSaved',
      'StepCompleted',
      'ProspectListsUpdated',
      'ProspectListsUpdated',
      'StepCompleted',
      'ProductExperienceSubmitted',
      'StepCompleted',
      'WhyAnswersSubmitted',
      'StepCompleted',
      'TrainingCompleted',
    ]);
    // the read answers what the command answered
    expect((await client.get('/api/onboarding-progress')).body).toEqual(step5.body);
  });

  it('skipping step 4 moves on without completing it; the skip is kept as isSkipped', async () => {
    const { client } = await createUser(app);
    const res = await client.post('/api/update-onboarding-data', { productExperience: { isSkipped: true } });
    expect(res.status).toBe(200);
    expect(res.body.progress.step4Completed).toBe(false);
    expect(res.body.progress.productExperience).toMatchObject({ isSkipped: true });
    // a later submit completes it after all
    const done = await client.post('/api/complete-step', { step: 4, data: experience });
    expect(done.body.progress).toMatchObject({
      step4Completed: true,
      productExperience: { ...experience, isSkipped: false },
    });
  });

  it('a list save made on an old revision answers 409 with the current progress; re-applied on it, it saves', async () => {
    const { id, client } = await createUser(app);
    const start = (await client.get('/api/onboarding-progress')).body.progress;
    const tabA = await client.post('/api/update-onboarding-data', {
      customerList: [{ id: 'a1', name: 'From tab A' }],
      partnerList: [],
      revision: start.revision,
    });
    expect(tabA.status).toBe(200);
    const eventsBefore = await onboardingEvents(id);
    const tabB = await client.post('/api/update-onboarding-data', {
      customerList: [{ id: 'b1', name: 'From tab B' }],
      partnerList: [],
      revision: start.revision,
    });
    expect(tabB.status).toBe(409);
    expect(tabB.body.error).toBe('stale_revision');
    expect(tabB.body.progress.customerList).toEqual([{ id: 'a1', name: 'From tab A' }]);
    expect(tabB.body.progress.revision).toBe(tabA.body.progress.revision);
    expect(await onboardingEvents(id)).toEqual(eventsBefore);
    const retried = await client.post('/api/update-onboarding-data', {
      customerList: [{ id: 'b1', name: 'From tab B' }, ...tabB.body.progress.customerList],
      partnerList: [],
      revision: tabB.body.progress.revision,
    });
    expect(retried.status).toBe(200);
    expect(retried.body.progress.customerList.map((e: { id: string }) => e.id)).toEqual(['b1', 'a1']);
  });

  it('many concurrent list saves, each re-applied on 409, lose no entry', async () => {
    const { client } = await createUser(app);
    type E = { id: string; name: string };
    // one writer: adds its own names one at a time, re-applying on the lists a 409 brings
    const writer = async (prefix: string, count: number) => {
      let base = (await client.get('/api/onboarding-progress')).body.progress;
      for (let i = 0; i < count; i++) {
        const entry = { id: `${prefix}${i}`, name: `${prefix} ${i}` };
        for (;;) {
          const res = await client.post('/api/update-onboarding-data', {
            customerList: [entry, ...base.customerList.filter((e: E) => e.id !== entry.id)],
            partnerList: base.partnerList,
            revision: base.revision,
          });
          base = res.body.progress;
          if (res.status === 200) break;
          expect(res.status).toBe(409);
        }
      }
    };
    await Promise.all([writer('a', 6), writer('b', 6), writer('c', 6)]);
    const final = (await client.get('/api/onboarding-progress')).body.progress;
    expect(final.customerList.map((e: E) => e.id).sort()).toEqual(
      ['a', 'b', 'c'].flatMap((p) => Array.from({ length: 6 }, (_, i) => `${p}${i}`)).sort(),
    );
  });

  it('refuses unknown keys, bad shapes and other people’s fields without writing', async () => {
    const { id, client } = await createUser(app);
    for (const body of [
      { step: 6 },
      { step: 2, data: { feelGreatLink: 'x', extra: 1 } },
      { step: 4, data: { ...experience, confidenceLevel: 'maybe' } },
      { step: 3, userId: '00000000-0000-0000-0000-000000000000' },
    ]) {
      const res = await client.post('/api/complete-step', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { revision: 3 }, { customerList: 'nope' }, { trainingCompleted: true }]) {
      const res = await client.post('/api/update-onboarding-data', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await onboardingEvents(id)).toEqual([]);
  });

  it('unsubscribing reopens step 1; a registration opt-in completes it at once', async () => {
    const { client } = await createUser(app);
    await client.post('/api/newsletter/subscribe', {});
    const unsub = await client.post('/api/newsletter/unsubscribe');
    expect(unsub.status).toBe(200);
    expect(unsub.body).toMatchObject({ subscribed: false, status: 'unsubscribed' });
    expect(unsub.body.progress.step1Completed).toBe(false);
    expect((await client.get('/api/me')).body.newsletter).toBe(false);
    expect((await client.get('/api/check-newsletter-status')).body).toEqual({
      subscribed: false,
      status: 'unsubscribed',
    });

    const optedIn = await createUser(app, { newsletter: true });
    // the registration command itself completes step 1 (no read has to)
    expect(await onboardingEvents(optedIn.id)).toEqual(['StepCompleted']);
    expect((await optedIn.client.get('/api/onboarding-progress')).body.progress.step1Completed).toBe(true);
    // the status read does not put the opt-in on the list; the sync command does (the opt-in was the consent)
    expect((await optedIn.client.get('/api/check-newsletter-status')).body).toEqual({
      subscribed: false,
      status: 'not_found',
    });
    const synced = await optedIn.client.post('/api/newsletter/sync-status');
    expect(synced.body).toMatchObject({ subscribed: true, status: 'subscribed' });
    expect(synced.body.progress.step1Completed).toBe(true);
    expect(
      await app.deps.db('newsletter_demo_members').where({ email_lower: optedIn.email }).first('status'),
    ).toEqual({ status: 'subscribed' });
    expect((await optedIn.client.get('/api/check-newsletter-status')).body).toEqual({
      subscribed: true,
      status: 'subscribed',
    });
  });

  it('an account whose step 1 disagrees with its flag (older data) is healed by the sync command, never by a read', async () => {
    // older data: the flag recorded without step 1 (as before registration aligned it)
    const other = await createUser(app);
    await handleCommand(
      app.deps.store,
      `User-${other.id}`,
      userDecider,
      { type: 'SetNewsletter', subscribed: true, source: 'seed' },
      { actorId: null, correlationId: 'test' },
    ).then((r) => app.deps.projections.waitFor(r.position!));
    expect(await onboardingEvents(other.id)).toEqual([]);
    for (let i = 0; i < 2; i++)
      expect((await other.client.get('/api/onboarding-progress')).body.progress.step1Completed).toBe(false);
    expect(await onboardingEvents(other.id)).toEqual([]);
    const synced = await other.client.post('/api/newsletter/sync-status');
    expect(synced.status).toBe(200);
    expect(synced.body.progress.step1Completed).toBe(true);
    expect(await onboardingEvents(other.id)).toEqual(['StepCompleted']);
    // a second sync changes nothing more
    await other.client.post('/api/newsletter/sync-status');
    expect(await onboardingEvents(other.id)).toEqual(['StepCompleted']);
  });

  it('the one-off repair aligns every account whose step 1 disagrees with its flag, once', async () => {
    const older = await Promise.all([createUser(app), createUser(app)]);
    for (const u of older) {
      const r = await handleCommand(
        app.deps.store,
        `User-${u.id}`,
        userDecider,
        { type: 'SetNewsletter', subscribed: true, source: 'seed' },
        { actorId: null, correlationId: 'test' },
      );
      await app.deps.projections.waitFor(r.position!);
    }
    const first = await alignAllNewsletterSteps(app.deps, { actorId: null, correlationId: 'repair' });
    expect(first.aligned).toBeGreaterThanOrEqual(2);
    for (const u of older) expect(await onboardingEvents(u.id)).toEqual(['StepCompleted']);
    expect(await alignAllNewsletterSteps(app.deps, { actorId: null, correlationId: 'again' })).toEqual({
      checked: 0,
      aligned: 0,
    });
  });

  it("an admin's training reset leaves step 1 following the newsletter", async () => {
    const admin = await createUser(app, { admin: true });
    const subscribed = await createUser(app, { newsletter: true });
    const res = await admin.client.post(`/api/admin/users/${subscribed.id}/reset-training`);
    expect(res.status).toBe(200);
    expect(await onboardingEvents(subscribed.id)).toEqual([
      'StepCompleted',
      'TrainingReset',
      'StepCompleted',
    ]);
    expect((await subscribed.client.get('/api/onboarding-progress')).body.progress).toMatchObject({
      step1Completed: true,
      currentStep: 2,
    });
  });

  it('a command decides from the inline read model, not the stream; a stale row only costs a retry from the stream', async () => {
    const { id, client } = await createUser(app);
    const store = app.deps.store;
    const readStream = store.readStream;
    const streamReads: string[] = [];
    store.readStream = (streamId, opts) => {
      streamReads.push(streamId);
      return readStream(streamId, opts);
    };
    // a retry reads in the transaction that holds the stream's lock
    const withStreamLock = store.withStreamLock!;
    store.withStreamLock = <T>(streamId: string, fn: (locked: LockedStream) => Promise<T>) =>
      withStreamLock(streamId, (locked) =>
        fn({
          ...locked,
          readStream: (id, opts) => {
            streamReads.push(id);
            return locked.readStream(id, opts);
          },
        }),
      );
    try {
      const first = await client.post('/api/complete-step', { step: 2, data: { feelGreatLink: 'first1' } });
      expect([first.status, first.text]).toEqual([200, first.text]);
      expect(streamReads).toEqual([]);
      // the row says an older revision than the stream's: the append conflicts, the retry folds the stream
      await app.deps.db('onboarding_progress').where({ user_id: id }).update({ revision: -1 });
      // (this process kept the state of the first command; a process without that copy reads the row)
      app.deps.signedInUsers.forgetFolded(id);
      const second = await client.post('/api/complete-step', { step: 2, data: { feelGreatLink: 'second2' } });
      expect([second.status, second.text]).toEqual([200, second.text]);
      expect(streamReads).toEqual([`Onboarding-${id}`]);
    } finally {
      store.readStream = readStream;
      store.withStreamLock = withStreamLock;
    }
    expect(await onboardingEvents(id)).toEqual(['ReferralLinkSaved', 'StepCompleted', 'ReferralLinkSaved']);
    const row = await app.deps.db('onboarding_progress').where({ user_id: id }).first();
    expect([Number(row.revision), row.feel_great_link]).toEqual([2, expect.stringContaining('second2')]);
  });

  it('the progress read model is rebuilt from the events with the same answers', async () => {
    const users = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    await users[0].client.post('/api/complete-step', { step: 2, data: { feelGreatLink: 'abc123' } });
    await users[1].client.post('/api/update-onboarding-data', {
      customerList: entries('c', 5),
      partnerList: entries('p', 6),
      revision: -1,
    });
    await users[1].client.post('/api/complete-step', { step: 3 });
    await users[1].client.post('/api/update-onboarding-data', { productExperience: { isSkipped: true } });
    await users[2].client.post('/api/complete-step', { step: 5, data: why });
    const all = (await app.deps.db('users').select('id')).length;
    expect(all).toBeGreaterThan(3);

    const snapshot = async () =>
      Promise.all(users.map(async (u) => (await u.client.get('/api/onboarding-progress')).body));
    const rows = () => app.deps.db('onboarding_progress').orderBy('user_id').select();
    const before = await snapshot();
    const rowsBefore = await rows();

    await app.deps.projections.stop();
    await app.deps
      .db('onboarding_progress')
      .update({ completed_steps: 0, step2_completed: false, customer_list: '[]' });
    await app.deps.db('onboarding_progress').where({ user_id: users[2].id }).delete();
    const head = await app.deps.store.headPosition();
    const { events } = await rebuildProjection(app.deps.db, app.deps.store, onboardingProgressProjection);
    // the rebuild reads the whole log once
    const logged = await app.deps.db('es_events').count<{ n: string }[]>('* as n');
    expect(events).toBe(Number(logged[0]!.n));
    // replaying the events fires no command: nothing is appended
    expect(await app.deps.store.headPosition()).toBe(head);

    expect(await rows()).toEqual(rowsBefore);
    expect(await snapshot()).toEqual(before);
  });
});
