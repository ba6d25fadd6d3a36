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
  | EventOf<typeof E.CallRemindersTurnedOff>
  | EventOf<typeof E.CallReminderTimeZoneChanged>;

export interface CoachingState {
  nudgesOff: boolean;
  lastNudgeAt: string | null;
  /** live-call reminders: off until the partner opts in */
  callReminders: boolean;
  /** the zone of the start times in the reminders; null: New York, the calls' own */
  callReminderTimeZone: string | null;
}

export type CoachingCommand =
  | { type: 'SendNudge'; sponsorId: string; note: string | null; at: string }
  | { type: 'SetNudges'; allowed: boolean }
  /** `enabled` absent: only the zone (the partner's device's) changes */
  | { type: 'SetCallReminders'; enabled?: boolean; timeZone?: string };

/** At most one nudge per partner in this many hours. */
const NUDGE_INTERVAL_HOURS = 72;

export const coachingStream = (partnerId: string) => `Coaching-${partnerId}`;

/**
 * Turning reminders on keeps the zone sent with it (or the one they had); a zone alone, from a
 * device in another zone, moves reminders that are on to it. Reminders that are off have no
 * zone to change: that records nothing (they were turned off on another device).
 */
function decideCallReminders(
  { enabled, timeZone }: Extract<CoachingCommand, { type: 'SetCallReminders' }>,
  state: CoachingState,
): CoachingEvent[] {
  if (enabled === false) return state.callReminders ? [{ type: 'CallRemindersTurnedOff', data: {} }] : [];
  if (enabled && !state.callReminders)
    return [{ type: 'CallRemindersTurnedOn', data: timeZone ? { timeZone } : {} }];
  return state.callReminders && timeZone && timeZone !== state.callReminderTimeZone
    ? [{ type: 'CallReminderTimeZoneChanged', data: { timeZone } }]
    : [];
}

export const coachingDecider: Decider<CoachingState, CoachingCommand, CoachingEvent> = {
  initialState: () => ({
    nudgesOff: false,
    lastNudgeAt: null,
    callReminders: false,
    callReminderTimeZone: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'NudgeSent':
        return { ...state, lastNudgeAt: event.data.at };
      case 'NudgesTurnedOff':
        return { ...state, nudgesOff: true };
      case 'NudgesTurnedOn':
        return { ...state, nudgesOff: false };
      case 'CallRemindersTurnedOn':
        return {
          ...state,
          callReminders: true,
          callReminderTimeZone: event.data.timeZone ?? state.callReminderTimeZone,
        };
      case 'CallReminderTimeZoneChanged':
        return { ...state, callReminderTimeZone: event.data.timeZone };
      case 'CallRemindersTurnedOff':
        return { ...state, callReminders: false };
    }
  },
  decide(command, state) {
    if (command.type === 'SetNudges') {
      if (command.allowed === !state.nudgesOff) return [];
      return [{ type: command.allowed ? 'NudgesTurnedOn' : 'NudgesTurnedOff', data: {} }];
    }
    if (command.type === 'SetCallReminders') return decideCallReminders(command, state);
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
