import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../../testing/deciderSpec';
import { shouldAutoPrompt } from '@portal/contracts/academy/tutorial';
import { tutorialDecider } from './decider';

const { given } = deciderSpec(tutorialDecider);
const skipAndSee = { type: 'SetPreferences', skipTutorial: true, academyTourSeen: true } as const;

describe('tutorial decider', () => {
  it('finishing the tour records it once and marks the tour seen', () => {
    given()
      .when({ type: 'CompleteTour' })
      .then([{ type: 'TourCompleted', data: {} }]);
    const finished = given({ type: 'TourCompleted', data: {} });
    expect(finished.state).toEqual({ skipTutorial: false, academyTourSeen: true, tutorialCompleted: true });
    finished.when({ type: 'CompleteTour' }).thenNothing();
  });

  it('skipping or closing sets skip and seen; repeating it records nothing', () => {
    given()
      .when(skipAndSee)
      .then([{ type: 'TutorialSkipped', data: {} }]);
    const skipped = given({ type: 'TutorialSkipped', data: {} });
    expect(skipped.state.skipTutorial && skipped.state.academyTourSeen).toBe(true);
    skipped.when(skipAndSee).thenNothing();
  });

  it('other settings of the flags are recorded as they are', () => {
    given({ type: 'TutorialSkipped', data: {} })
      .when({ type: 'SetPreferences', skipTutorial: false, academyTourSeen: false })
      .then([{ type: 'TutorialPreferencesChanged', data: { skipTutorial: false, academyTourSeen: false } }]);
  });

  it('auto-prompts only while no flag is set', () => {
    expect(shouldAutoPrompt(given().state)).toBe(true);
    expect(shouldAutoPrompt(given({ type: 'TutorialSkipped', data: {} }).state)).toBe(false);
    expect(shouldAutoPrompt(given({ type: 'TourCompleted', data: {} }).state)).toBe(false);
  });
});
