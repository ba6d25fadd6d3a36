import type { EventOf } from '@portal/contracts';
import type * as E from '@portal/contracts/coaching/events';
import type { Decider } from '../decider';
import { conflict } from '../errors';

/** The coaching record of one partner (stream `Coaching-<partnerId>`): nudges and the opt-out. */
export type CoachingEvent =
  | EventOf<typeof E.NudgeSent>
  | EventOf<typeof E.NudgesTurnedOff>
  | EventOf<typeof E.NudgesTurnedOn>
  | EventOf<typeof E.CallRemindersTurnedOn>
  | EventOf<typeof E.CallRemindersTurnedOff>;

export interface CoachingState {
  nudgesOff: boolean;
  lastNudgeAt: string | null;
  /** live-call reminders: off until the partner opts in */
  callReminders: boolean;
}

export type CoachingCommand =
  | { type: 'SendNudge'; sponsorId: string; note: string | null; at: string }
  | { type: 'SetNudges'; allowed: boolean }
  | { type: 'SetCallReminders'; enabled: boolean };

/** At most one nudge per partner in this many hours. */
const NUDGE_INTERVAL_HOURS = 72;

export const coachingStream = (partnerId: string) => `Coaching-${partnerId}`;

export const coachingDecider: Decider<CoachingState, CoachingCommand, CoachingEvent> = {
  initialState: () => ({ nudgesOff: false, lastNudgeAt: null, callReminders: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'NudgeSent':
        return { ...state, lastNudgeAt: event.data.at };
      case 'NudgesTurnedOff':
        return { ...state, nudgesOff: true };
      case 'NudgesTurnedOn':
        return { ...state, nudgesOff: false };
      case 'CallRemindersTurnedOn':
        return { ...state, callReminders: true };
      case 'CallRemindersTurnedOff':
        return { ...state, callReminders: false };
    }
  },
  decide(command, state) {
    if (command.type === 'SetNudges') {
      if (command.allowed === !state.nudgesOff) return [];
      return [{ type: command.allowed ? 'NudgesTurnedOn' : 'NudgesTurnedOff', data: {} }];
    }
    if (command.type === 'SetCallReminders') {
      if (command.enabled === state.callReminders) return [];
      return [{ type: command.enabled ? 'CallRemindersTurnedOn' : 'CallRemindersTurnedOff', data: {} }];
    }
    if (state.nudgesOff) throw conflict('nudges_off', 'This partner has turned nudges off.');
    const next = state.lastNudgeAt ? Date.parse(state.lastNudgeAt) + NUDGE_INTERVAL_HOURS * 3_600_000 : 0;
    if (Date.parse(command.at) < next)
      throw conflict(
        'nudge_too_soon',
        `This partner was nudged less than ${NUDGE_INTERVAL_HOURS} hours ago. You can nudge again after ${new Date(next).toISOString()}.`,
      );
    return [
      { type: 'NudgeSent', data: { sponsorId: command.sponsorId, note: command.note, at: command.at } },
    ];
  },
};
