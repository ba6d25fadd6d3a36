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
  schema: z.object({}),
  summary: () => 'Live-call reminders turned on',
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
] as const;
