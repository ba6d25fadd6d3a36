import type { EventOf } from '@portal/contracts';
import type * as E from '@portal/contracts/academy/events';
import type { Decider } from '../decider';

/** The academy tutorial of one partner (stream `Tutorial-<userId>`). */
export type TutorialEvent =
  | EventOf<typeof E.TourCompleted>
  | EventOf<typeof E.TutorialSkipped>
  | EventOf<typeof E.TutorialPreferencesChanged>;

export interface TutorialState {
  skipTutorial: boolean;
  academyTourSeen: boolean;
  tutorialCompleted: boolean;
}

export type TutorialCommand =
  { type: 'CompleteTour' } | { type: 'SetPreferences'; skipTutorial: boolean; academyTourSeen: boolean };

export const tutorialStream = (userId: string) => `Tutorial-${userId}`;

const initialState = (): TutorialState => ({
  skipTutorial: false,
  academyTourSeen: false,
  tutorialCompleted: false,
});

function evolve(state: TutorialState, event: TutorialEvent): TutorialState {
  switch (event.type) {
    case 'TourCompleted':
      return { ...state, tutorialCompleted: true, academyTourSeen: true };
    case 'TutorialSkipped':
      return { ...state, skipTutorial: true, academyTourSeen: true };
    case 'TutorialPreferencesChanged':
      return { ...state, skipTutorial: event.data.skipTutorial, academyTourSeen: event.data.academyTourSeen };
    default:
      return state;
  }
}

/** Idempotent: repeating a command that changes nothing records nothing. */
function decide(command: TutorialCommand, state: TutorialState): TutorialEvent[] {
  switch (command.type) {
    case 'CompleteTour':
      return state.tutorialCompleted ? [] : [{ type: 'TourCompleted', data: {} }];
    case 'SetPreferences': {
      const { skipTutorial, academyTourSeen } = command;
      if (state.skipTutorial === skipTutorial && state.academyTourSeen === academyTourSeen) return [];
      if (skipTutorial && academyTourSeen) return [{ type: 'TutorialSkipped', data: {} }];
      return [{ type: 'TutorialPreferencesChanged', data: { skipTutorial, academyTourSeen } }];
    }
  }
}

export const tutorialDecider: Decider<TutorialState, TutorialCommand, TutorialEvent> = {
  initialState,
  evolve,
  decide,
};
