import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../../testing/deciderSpec';
import { type ListEntry, type OnboardingEvent, currentStepOf, onboardingDecider } from './decider';

const { given } = deciderSpec(onboardingDecider);

const done = (step: number): OnboardingEvent => ({ type: 'StepCompleted', data: { step } });
const names = (prefix: string, n: number): ListEntry[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, name: `${prefix} ${i}` }));
const lists = (c: number, p: number): OnboardingEvent => ({
  type: 'ProspectListsUpdated',
  data: { customerList: names('c', c), partnerList: names('p', p) },
});
const experience = {
  startDate: 'March 2025',
  positiveChanges: 'More energy',
  confidenceLevel: 'confident' as const,
};
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
    given()
      .when({ type: 'SyncNewsletterStep', subscribed: true })
      .then([done(1)]);
    given(done(1)).when({ type: 'SyncNewsletterStep', subscribed: true }).thenNothing();
    given(done(1))
      .when({ type: 'SyncNewsletterStep', subscribed: false })
      .then([{ type: 'StepReopened', data: { step: 1 } }]);
    given().when({ type: 'SyncNewsletterStep', subscribed: false }).thenNothing();
  });

  it('step 2 stores the canonical link and completes once; a bad link is refused with the spec text', () => {
    given()
      .when({ type: 'SaveReferralLink', link: 'http://UFeelGreat.com/c/Abc123' })
      .then([
        { type: 'ReferralLinkSaved', data: { feelGreatLink: 'https://ufeelgreat.com/c/Abc123' } },
        done(2),
      ]);
    expect(given().when({ type: 'SaveReferralLink', link: 'Abc123' }).events()[0]).toEqual({
      type: 'ReferralLinkSaved',
      data: { feelGreatLink: 'https://ufeelgreat.com/c/Abc123' },
    });
    const saved = given(
      { type: 'ReferralLinkSaved', data: { feelGreatLink: 'https://ufeelgreat.com/c/Abc123' } },
      done(2),
    );
    saved.when({ type: 'SaveReferralLink', link: 'ufeelgreat.com/c/Abc123' }).thenNothing();
    saved
      .when({ type: 'SaveReferralLink', link: 'ufeelgreat.com/c/New1' })
      .then([{ type: 'ReferralLinkSaved', data: { feelGreatLink: 'https://ufeelgreat.com/c/New1' } }]);
    given().when({ type: 'SaveReferralLink', link: 'https://example.com/c/abc' }).thenThrows('invalid_link', {
      message: 'Please enter a valid UFeelGreat link format (ufeelgreat.com/c/YOURLINKHERE).',
      kind: 'invalid',
    });
    given().when({ type: 'SaveReferralLink', link: 'ufeelgreat.com/c/abc-def' }).thenThrows('invalid_link');
    given().when({ type: 'SaveReferralLink', link: '' }).thenThrows('invalid_link');
  });

  it('step 3 lists: trimmed, empty names refused, stale revision refused, unchanged lists record nothing', () => {
    given()
      .when({
        type: 'UpdateLists',
        customerList: [{ id: 'a', name: '  Ann  ', note: '  ' }],
        partnerList: [],
        basedOnRevision: -1,
      })
      .then([
        { type: 'ProspectListsUpdated', data: { customerList: [{ id: 'a', name: 'Ann' }], partnerList: [] } },
      ]);
    given()
      .when({ type: 'UpdateLists', customerList: [{ id: 'a', name: '   ' }], partnerList: [] })
      .thenThrows('empty_name');
    given()
      .when({
        type: 'UpdateLists',
        customerList: [
          { id: 'a', name: 'A' },
          { id: 'a', name: 'B' },
        ],
        partnerList: [],
      })
      .thenThrows('duplicate_entry');
    const one = given(lists(1, 0));
    expect(one.state.revision).toBe(0);
    one
      .when({ type: 'UpdateLists', customerList: [], partnerList: [], basedOnRevision: -1 })
      .thenThrows('stale_revision', { kind: 'conflict' });
    one
      .when({ type: 'UpdateLists', customerList: names('c', 1), partnerList: [], basedOnRevision: 0 })
      .thenNothing();
  });

  it('step 3 completes only with at least 5 names in each list, and reopens when a list falls short', () => {
    given(lists(5, 4)).when({ type: 'ConfirmLists' }).thenThrows('lists_too_short');
    given(lists(5, 5))
      .when({ type: 'ConfirmLists' })
      .then([done(3)]);
    given(lists(5, 5), done(3)).when({ type: 'ConfirmLists' }).thenNothing();
    const confirmed = given(lists(5, 5), done(3));
    confirmed
      .when({ type: 'UpdateLists', customerList: names('c', 4), partnerList: names('p', 5) })
      .thenTypes(['ProspectListsUpdated', 'StepReopened']);
    confirmed
      .when({ type: 'UpdateLists', customerList: names('c', 6), partnerList: names('p', 5) })
      .thenTypes(['ProspectListsUpdated']);
  });

  it('step 4 needs start date, positive changes and confidence level; a skip moves on without completing', () => {
    given()
      .when({ type: 'SubmitProductExperience', data: { ...experience, positiveChanges: '  ' } })
      .thenThrows('required_fields', { message: 'Please fill in required fields' });
    given()
      .when({ type: 'SubmitProductExperience', data: { ...experience, confidenceLevel: '' } })
      .thenThrows('required_fields');
    given()
      .when({ type: 'SubmitProductExperience', data: { ...experience, challenges: ' ' } })
      .then([{ type: 'ProductExperienceSubmitted', data: experience }, done(4)]);
    const skipped = given(done(1), done(2), done(3), { type: 'ProductExperienceSkipped', data: {} });
    expect(skipped.state.steps[3]).toBe(false);
    expect(currentStepOf(skipped.state)).toBe(5);
    skipped.when({ type: 'SkipProductExperience' }).thenNothing();
    given(done(4)).when({ type: 'SkipProductExperience' }).thenNothing();
  });

  it('step 5 records the answers; training completes only with steps 1 to 3 done and step 4 done or skipped', () => {
    // step 5 first: answers and the step are recorded, the foundation is not complete
    given().when({ type: 'SubmitWhyAnswers', data: why }).thenTypes(['WhyAnswersSubmitted', 'StepCompleted']);
    const skipped: OnboardingEvent = { type: 'ProductExperienceSkipped', data: {} };
    given(done(1), done(2), lists(5, 5), done(3), skipped)
      .when({ type: 'SubmitWhyAnswers', data: why })
      .thenTypes(['WhyAnswersSubmitted', 'StepCompleted', 'TrainingCompleted']);
    // step 3 missing: step 5 alone does not complete training
    given(done(1), done(2), lists(5, 5), done(4))
      .when({ type: 'SubmitWhyAnswers', data: why })
      .thenTypes(['WhyAnswersSubmitted', 'StepCompleted']);
    // the last missing step, whichever it is, completes training
    given(done(1), done(2), lists(5, 5), done(4), done(5))
      .when({ type: 'ConfirmLists' })
      .thenTypes(['StepCompleted', 'TrainingCompleted']);
    given(done(1), done(2), lists(5, 5), done(3), done(5))
      .when({ type: 'SkipProductExperience' })
      .thenTypes(['ProductExperienceSkipped', 'TrainingCompleted']);
    given(done(2), lists(5, 5), done(3), done(4), done(5))
      .when({ type: 'SyncNewsletterStep', subscribed: true })
      .thenTypes(['StepCompleted', 'TrainingCompleted']);
    // several changes at once record it once, after all of them
    given(done(1), done(2), lists(5, 5), done(5))
      .when({ type: 'UpdateData', step3Completed: true, productExperience: 'skip' })
      .thenTypes(['StepCompleted', 'ProductExperienceSkipped', 'TrainingCompleted']);
    // once complete, it stays complete and is not recorded again
    const finished = given(done(1), done(2), lists(5, 5), done(3), done(4), done(5), {
      type: 'TrainingCompleted',
      data: {},
    });
    finished
      .when({ type: 'SubmitWhyAnswers', data: { ...why, strengths: 'Listening' } })
      .thenTypes(['WhyAnswersSubmitted']);
    finished.when({ type: 'SyncNewsletterStep', subscribed: false }).thenTypes(['StepReopened']);
  });

  it('current step is the first one not done', () => {
    expect(currentStepOf(given().state)).toBe(1);
    expect(currentStepOf(given(done(1), done(2)).state)).toBe(3);
    expect(currentStepOf(given(done(2)).state)).toBe(1);
    expect(currentStepOf(given(done(1), done(2), done(3), done(4), done(5)).state)).toBe(5);
  });

  it('an admin reset makes all five steps incomplete and keeps the answers', () => {
    const completed = given(
      done(1),
      lists(5, 5),
      done(3),
      { type: 'ProductExperienceSkipped', data: {} },
      { type: 'TrainingCompleted', data: {} },
    );
    completed.when({ type: 'ResetTraining' }).then([{ type: 'TrainingReset', data: {} }]);
    const reset = completed.and({ type: 'TrainingReset', data: {} });
    expect(reset.state.steps).toEqual([false, false, false, false, false]);
    expect(reset.state.trainingCompleted).toBe(false);
    expect(reset.state.productExperienceSkipped).toBe(false);
    expect(reset.state.customerList).toHaveLength(5);
    reset.when({ type: 'ResetTraining' }).thenNothing();
  });
});

describe('onboarding decider: several changes at once', () => {
  it('records lists and confirmation together, or nothing when one part fails', () => {
    given()
      .when({
        type: 'UpdateData',
        lists: { customerList: names('c', 5), partnerList: names('p', 5), basedOnRevision: -1 },
        step3Completed: true,
      })
      .thenTypes(['ProspectListsUpdated', 'StepCompleted']);
    given()
      .when({ type: 'UpdateData', lists: { customerList: names('c', 5) }, link: 'nope-nope' })
      .thenThrows('invalid_link');
  });

  it('saves one list and keeps the other', () => {
    given(lists(2, 3))
      .when({ type: 'UpdateData', lists: { customerList: names('x', 1), basedOnRevision: 0 } })
      .then([
        {
          type: 'ProspectListsUpdated',
          data: { customerList: names('x', 1), partnerList: names('p', 3) },
        },
      ]);
  });

  it('skips step 4 through the data call', () => {
    given()
      .when({ type: 'UpdateData', productExperience: 'skip' })
      .then([{ type: 'ProductExperienceSkipped', data: {} }]);
  });
});
