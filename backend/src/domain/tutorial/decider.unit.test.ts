import { describe, expect, it } from 'vitest';
import { type TutorialEvent, shouldAutoPrompt, tutorialDecider } from './decider';

const given = (...events: TutorialEvent[]) =>
  events.reduce(tutorialDecider.evolve, tutorialDecider.initialState());

describe('tutorial decider', () => {
  it('finishing the tour records it once and marks the tour seen', () => {
    const events = tutorialDecider.decide({ type: 'CompleteTour' }, given());
    expect(events).toEqual([{ type: 'TourCompleted', data: {} }]);
    const state = given(...events);
    expect(state).toEqual({ skipTutorial: false, academyTourSeen: true, tutorialCompleted: true });
    expect(tutorialDecider.decide({ type: 'CompleteTour' }, state)).toEqual([]);
  });

  it('skipping or closing sets skip and seen; repeating it records nothing', () => {
    const events = tutorialDecider.decide(
      { type: 'SetPreferences', skipTutorial: true, academyTourSeen: true },
      given(),
    );
    expect(events).toEqual([{ type: 'TutorialSkipped', data: {} }]);
    const state = given(...events);
    expect(state.skipTutorial && state.academyTourSeen).toBe(true);
    expect(
      tutorialDecider.decide({ type: 'SetPreferences', skipTutorial: true, academyTourSeen: true }, state),
    ).toEqual([]);
  });

  it('other settings of the flags are recorded as they are', () => {
    const skipped = given({ type: 'TutorialSkipped', data: {} });
    expect(
      tutorialDecider.decide(
        { type: 'SetPreferences', skipTutorial: false, academyTourSeen: false },
        skipped,
      ),
    ).toEqual([
      { type: 'TutorialPreferencesChanged', data: { skipTutorial: false, academyTourSeen: false } },
    ]);
  });

  it('auto-prompts only while no flag is set', () => {
    expect(shouldAutoPrompt(given())).toBe(true);
    expect(shouldAutoPrompt(given({ type: 'TutorialSkipped', data: {} }))).toBe(false);
    expect(shouldAutoPrompt(given({ type: 'TourCompleted', data: {} }))).toBe(false);
  });
});
