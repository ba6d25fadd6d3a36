import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  type ListEntry,
  type OnboardingCommand,
  type OnboardingEvent,
  currentStepOf,
  onboardingDecider,
} from './decider';

const given = (...events: OnboardingEvent[]) =>
  events.reduce(onboardingDecider.evolve, onboardingDecider.initialState());
const when = (state: ReturnType<typeof given>, command: OnboardingCommand) =>
  onboardingDecider.decide(command, state);
const thenThrows = (fn: () => unknown, code: string) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    return error as DomainError;
  }
  throw new Error(`expected ${code}`);
};

const done = (step: number): OnboardingEvent => ({ type: 'StepCompleted', data: { step } });
const names = (prefix: string, n: number): ListEntry[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, name: `${prefix} ${i}` }));
const lists = (c: number, p: number): OnboardingEvent => ({
  type: 'ProspectListsUpdated',
  data: { customerList: names('c', c), partnerList: names('p', p) },
});
const experience = { startDate: 'March 2025', positiveChanges: 'More energy', confidenceLevel: 'confident' };
const why = {
  joinReason: 'Freedom',
  monthlyGoal3: '500',
  monthlyGoal6: '1000',
  monthlyGoal12: '3000',
  lifeChanges: 'Time with family',
  commitmentLevel: 'High',
  timeAvailable: '10 h a week',
  helpNeeded: 'Scripts',
  strengths: 'People',
  shareWithSponsor: true,
};

describe('onboarding decider', () => {
  it('step 1 follows the newsletter: completed when subscribed, reopened when not, nothing when unchanged', () => {
    expect(when(given(), { type: 'SyncNewsletterStep', subscribed: true })).toEqual([done(1)]);
    expect(when(given(done(1)), { type: 'SyncNewsletterStep', subscribed: true })).toEqual([]);
    expect(when(given(done(1)), { type: 'SyncNewsletterStep', subscribed: false })).toEqual([
      { type: 'StepReopened', data: { step: 1 } },
    ]);
    expect(when(given(), { type: 'SyncNewsletterStep', subscribed: false })).toEqual([]);
  });

  it('step 2 stores the canonical link and completes once; a bad link is refused with the spec text', () => {
    expect(when(given(), { type: 'SaveReferralLink', link: 'http://UFeelGreat.com/c/Abc123' })).toEqual([
      { type: 'ReferralLinkSaved', data: { feelGreatLink: 'https://ufeelgreat.com/c/Abc123' } },
      done(2),
    ]);
    expect(when(given(), { type: 'SaveReferralLink', link: 'Abc123' })[0]).toEqual({
      type: 'ReferralLinkSaved',
      data: { feelGreatLink: 'https://ufeelgreat.com/c/Abc123' },
    });
    const saved = given(
      { type: 'ReferralLinkSaved', data: { feelGreatLink: 'https://ufeelgreat.com/c/Abc123' } },
      done(2),
    );
    expect(when(saved, { type: 'SaveReferralLink', link: 'ufeelgreat.com/c/Abc123' })).toEqual([]);
    expect(when(saved, { type: 'SaveReferralLink', link: 'ufeelgreat.com/c/New1' })).toEqual([
      { type: 'ReferralLinkSaved', data: { feelGreatLink: 'https://ufeelgreat.com/c/New1' } },
    ]);
    const error = thenThrows(
      () => when(given(), { type: 'SaveReferralLink', link: 'https://example.com/c/abc' }),
      'invalid_link',
    );
    expect(error.message).toBe(
      'Please enter a valid UFeelGreat link format (ufeelgreat.com/c/YOURLINKHERE).',
    );
    thenThrows(
      () => when(given(), { type: 'SaveReferralLink', link: 'ufeelgreat.com/c/abc-def' }),
      'invalid_link',
    );
    thenThrows(() => when(given(), { type: 'SaveReferralLink', link: '' }), 'invalid_link');
  });

  it('step 3 lists: trimmed, empty names refused, stale revision refused, unchanged lists record nothing', () => {
    const state = given();
    expect(
      when(state, {
        type: 'UpdateLists',
        customerList: [{ id: 'a', name: '  Ann  ', note: '  ' }],
        partnerList: [],
        basedOnRevision: -1,
      }),
    ).toEqual([
      { type: 'ProspectListsUpdated', data: { customerList: [{ id: 'a', name: 'Ann' }], partnerList: [] } },
    ]);
    thenThrows(
      () => when(state, { type: 'UpdateLists', customerList: [{ id: 'a', name: '   ' }], partnerList: [] }),
      'empty_name',
    );
    thenThrows(
      () =>
        when(state, {
          type: 'UpdateLists',
          customerList: [
            { id: 'a', name: 'A' },
            { id: 'a', name: 'B' },
          ],
          partnerList: [],
        }),
      'duplicate_entry',
    );
    const one = given(lists(1, 0));
    expect(one.revision).toBe(0);
    thenThrows(
      () => when(one, { type: 'UpdateLists', customerList: [], partnerList: [], basedOnRevision: -1 }),
      'stale_revision',
    );
    expect(
      when(one, { type: 'UpdateLists', customerList: names('c', 1), partnerList: [], basedOnRevision: 0 }),
    ).toEqual([]);
  });

  it('step 3 completes only with at least 5 names in each list, and reopens when a list falls short', () => {
    thenThrows(() => when(given(lists(5, 4)), { type: 'ConfirmLists' }), 'lists_too_short');
    expect(when(given(lists(5, 5)), { type: 'ConfirmLists' })).toEqual([done(3)]);
    expect(when(given(lists(5, 5), done(3)), { type: 'ConfirmLists' })).toEqual([]);
    const confirmed = given(lists(5, 5), done(3));
    expect(
      when(confirmed, { type: 'UpdateLists', customerList: names('c', 4), partnerList: names('p', 5) }).map(
        (e) => e.type,
      ),
    ).toEqual(['ProspectListsUpdated', 'StepReopened']);
    expect(
      when(confirmed, { type: 'UpdateLists', customerList: names('c', 6), partnerList: names('p', 5) }).map(
        (e) => e.type,
      ),
    ).toEqual(['ProspectListsUpdated']);
  });

  it('step 4 needs start date, positive changes and confidence level; a skip moves on without completing', () => {
    const error = thenThrows(
      () =>
        when(given(), { type: 'SubmitProductExperience', data: { ...experience, positiveChanges: '  ' } }),
      'required_fields',
    );
    expect(error.message).toBe('Please fill in required fields');
    thenThrows(
      () => when(given(), { type: 'SubmitProductExperience', data: { ...experience, confidenceLevel: '' } }),
      'required_fields',
    );
    expect(
      when(given(), { type: 'SubmitProductExperience', data: { ...experience, challenges: ' ' } }),
    ).toEqual([{ type: 'ProductExperienceSubmitted', data: experience }, done(4)]);
    const skipped = given(done(1), done(2), done(3), { type: 'ProductExperienceSkipped', data: {} });
    expect(skipped.steps[3]).toBe(false);
    expect(currentStepOf(skipped)).toBe(5);
    expect(when(skipped, { type: 'SkipProductExperience' })).toEqual([]);
    expect(when(given(done(4)), { type: 'SkipProductExperience' })).toEqual([]);
  });

  it('step 5 records the answers; training completes only with steps 1 to 3 done and step 4 done or skipped', () => {
    const types = (events: OnboardingEvent[]) => events.map((e) => e.type);
    // step 5 first: answers and the step are recorded, the foundation is not complete
    expect(types(when(given(), { type: 'SubmitWhyAnswers', data: why }))).toEqual([
      'WhyAnswersSubmitted',
      'StepCompleted',
    ]);
    const skipped: OnboardingEvent = { type: 'ProductExperienceSkipped', data: {} };
    const ready = given(done(1), done(2), lists(5, 5), done(3), skipped);
    expect(types(when(ready, { type: 'SubmitWhyAnswers', data: why }))).toEqual([
      'WhyAnswersSubmitted',
      'StepCompleted',
      'TrainingCompleted',
    ]);
    // step 3 missing: step 5 alone does not complete training
    const noStep3 = given(done(1), done(2), lists(5, 5), done(4));
    expect(types(when(noStep3, { type: 'SubmitWhyAnswers', data: why }))).not.toContain('TrainingCompleted');
    // the last missing step, whichever it is, completes training
    const lastIsStep3 = given(done(1), done(2), lists(5, 5), done(4), done(5));
    expect(types(when(lastIsStep3, { type: 'ConfirmLists' }))).toEqual([
      'StepCompleted',
      'TrainingCompleted',
    ]);
    const lastIsSkip = given(done(1), done(2), lists(5, 5), done(3), done(5));
    expect(types(when(lastIsSkip, { type: 'SkipProductExperience' }))).toEqual([
      'ProductExperienceSkipped',
      'TrainingCompleted',
    ]);
    const lastIsNewsletter = given(done(2), lists(5, 5), done(3), done(4), done(5));
    expect(types(when(lastIsNewsletter, { type: 'SyncNewsletterStep', subscribed: true }))).toEqual([
      'StepCompleted',
      'TrainingCompleted',
    ]);
    // several changes at once record it once, after all of them
    const lastIsData = given(done(1), done(2), lists(5, 5), done(5));
    expect(
      types(when(lastIsData, { type: 'UpdateData', step3Completed: true, productExperience: 'skip' })),
    ).toEqual(['StepCompleted', 'ProductExperienceSkipped', 'TrainingCompleted']);
    // once complete, it stays complete and is not recorded again
    const finished = given(done(1), done(2), lists(5, 5), done(3), done(4), done(5), {
      type: 'TrainingCompleted',
      data: {},
    });
    expect(
      types(when(finished, { type: 'SubmitWhyAnswers', data: { ...why, strengths: 'Listening' } })),
    ).toEqual(['WhyAnswersSubmitted']);
    expect(types(when(finished, { type: 'SyncNewsletterStep', subscribed: false }))).toEqual([
      'StepReopened',
    ]);
  });

  it('current step is the first one not done', () => {
    expect(currentStepOf(given())).toBe(1);
    expect(currentStepOf(given(done(1), done(2)))).toBe(3);
    expect(currentStepOf(given(done(2)))).toBe(1);
    expect(currentStepOf(given(done(1), done(2), done(3), done(4), done(5)))).toBe(5);
  });

  it('an admin reset makes all five steps incomplete and keeps the answers', () => {
    const state = given(
      done(1),
      lists(5, 5),
      done(3),
      { type: 'ProductExperienceSkipped', data: {} },
      { type: 'TrainingCompleted', data: {} },
    );
    expect(when(state, { type: 'ResetTraining' })).toEqual([{ type: 'TrainingReset', data: {} }]);
    const reset = onboardingDecider.evolve(state, { type: 'TrainingReset', data: {} });
    expect(reset.steps).toEqual([false, false, false, false, false]);
    expect(reset.trainingCompleted).toBe(false);
    expect(reset.productExperienceSkipped).toBe(false);
    expect(reset.customerList).toHaveLength(5);
    expect(when(reset, { type: 'ResetTraining' })).toEqual([]);
  });
});

describe('onboarding decider: several changes at once', () => {
  it('records lists and confirmation together, or nothing when one part fails', () => {
    const events = when(given(), {
      type: 'UpdateData',
      lists: { customerList: names('c', 5), partnerList: names('p', 5), basedOnRevision: -1 },
      step3Completed: true,
    });
    expect(events.map((e) => e.type)).toEqual(['ProspectListsUpdated', 'StepCompleted']);
    thenThrows(
      () => when(given(), { type: 'UpdateData', lists: { customerList: names('c', 5) }, link: 'nope-nope' }),
      'invalid_link',
    );
  });

  it('saves one list and keeps the other', () => {
    const state = given(lists(2, 3));
    const [event] = when(state, {
      type: 'UpdateData',
      lists: { customerList: names('x', 1), basedOnRevision: 0 },
    });
    expect(event).toEqual({
      type: 'ProspectListsUpdated',
      data: { customerList: names('x', 1), partnerList: names('p', 3) },
    });
  });

  it('skips step 4 through the data call', () => {
    expect(when(given(), { type: 'UpdateData', productExperience: 'skip' })).toEqual([
      { type: 'ProductExperienceSkipped', data: {} },
    ]);
  });
});
