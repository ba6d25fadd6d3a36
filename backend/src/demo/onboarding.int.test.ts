import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/app';
import { readProgress } from '../features/onboarding/projection';
import { seedDemoOnboarding } from './onboarding';
import { demoUser, seedDemoUsers } from './users';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('demo onboarding progress', () => {
  it('gives the demo partners varied progress, once', async () => {
    await seedDemoUsers(app.deps);
    expect(await seedDemoOnboarding(app.deps)).toBe('onboarding: progress for 6 demo partners');
    const progress = (key: string) => readProgress(app.deps.db, demoUser(key).id);
    expect(await progress('maria')).toMatchObject({
      trainingCompleted: true,
      step5Completed: true,
      currentStep: 5,
    });
    expect(await progress('james')).toMatchObject({
      step2Completed: true,
      step3Completed: false,
      currentStep: 3,
    });
    expect((await progress('james')).customerList).toHaveLength(3);
    expect(await progress('sofia')).toMatchObject({
      step4Completed: false,
      currentStep: 5,
      productExperience: { isSkipped: true },
    });
    expect(await progress('aisha')).toMatchObject({ step1Completed: false, currentStep: 1, revision: -1 });
    expect((await progress('maria')).feelGreatLink).toMatch(/^https:\/\/ufeelgreat\.com\/c\/Maria[A-Z0-9]+$/);
    expect(
      await app.deps.db('newsletter_demo_members').where({ email_lower: 'maria@demo.test' }).first('status'),
    ).toEqual({ status: 'subscribed' });
    expect(await seedDemoOnboarding(app.deps)).toBe('onboarding: progress for 0 demo partners');
  });
});
