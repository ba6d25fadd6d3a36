import { z } from 'zod';
import { defineEvent } from '../core/events';

/**
 * Events of `Coaching-<partnerId>` (issue 18 point 4): the sponsor's nudges to one partner and
 * the partner's choice to receive them.
 */
export const NudgeSent = defineEvent({
  type: 'NudgeSent',
  schema: z.object({ sponsorId: z.string(), note: z.string().nullable(), at: z.string() }),
  summary: () => 'Nudge sent by the sponsor',
  personal: ['note'],
});
export const NudgesTurnedOff = defineEvent({
  type: 'NudgesTurnedOff',
  schema: z.object({}),
  summary: () => 'Nudges from the sponsor turned off',
});
export const NudgesTurnedOn = defineEvent({
  type: 'NudgesTurnedOn',
  schema: z.object({}),
  summary: () => 'Nudges from the sponsor turned on',
});

/** Live-call reminders (issue 18 point 5): an e-mail one hour before each live call, opt-in. */
export const CallRemindersTurnedOn = defineEvent({
  type: 'CallRemindersTurnedOn',
  /** the partner's time zone, for the start time in the mail (absent before 2026-11-28: New York time) */
  schema: z.object({ timeZone: z.string().optional() }),
  summary: () => 'Live-call reminders turned on',
  // where someone lives, roughly: erased with the account
  personal: ['timeZone'],
});
/** The partner's reminders now give start times in another time zone (they moved or travel). */
export const CallReminderTimeZoneChanged = defineEvent({
  type: 'CallReminderTimeZoneChanged',
  schema: z.object({ timeZone: z.string() }),
  summary: () => 'Live-call reminder time zone changed',
  personal: ['timeZone'],
});
export const CallRemindersTurnedOff = defineEvent({
  type: 'CallRemindersTurnedOff',
  schema: z.object({}),
  summary: () => 'Live-call reminders turned off',
});

export const coachingEvents = [
  NudgeSent,
  NudgesTurnedOff,
  NudgesTurnedOn,
  CallRemindersTurnedOn,
  CallRemindersTurnedOff,
  CallReminderTimeZoneChanged,
] as const;
