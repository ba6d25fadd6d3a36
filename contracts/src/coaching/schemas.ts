import { z } from 'zod';
import { canonicalTimeZone } from '../academy/schedule';
import { NUDGE_NOTE_MAX, STALLED_DAYS_DEFAULT } from './endpoints';

export const needsAttentionQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(365).default(STALLED_DAYS_DEFAULT),
});
const stalledPartner = z.object({
  id: z.string(),
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** the step where they stopped (1-5) */
  currentStep: z.number().int(),
  completedSteps: z.number().int(),
  lastProgressAt: z.string(),
  daysSince: z.number().int(),
  lastNudgeAt: z.string().nullable(),
  nudgesOff: z.boolean(),
});
export const needsAttentionResponse = z.object({ days: z.number().int(), partners: z.array(stalledPartner) });

export const partnerParams = z.strictObject({ partnerId: z.uuid('Must be a valid id') });
export const sendNudgeBody = z.strictObject({
  note: z
    .string()
    .trim()
    .max(NUDGE_NOTE_MAX, `At most ${NUDGE_NOTE_MAX} characters`)
    .nullable()
    .default(null)
    .transform((s) => (s ? s : null)),
});
export const sendNudgeResponse = z.object({ sentAt: z.string() });

export const coachingResponse = z.object({
  nudgesAllowed: z.boolean(),
  /** an e-mail one hour before each live call (opt-in, issue 18 point 5) */
  callReminders: z.boolean(),
  /** the time zone of the start times in the reminders (null: New York, the calls' own) */
  callReminderTimeZone: z.string().nullable(),
  /** the latest nudge of the last 7 days, for the banner on /foundation */
  latestNudge: z.object({ sponsorName: z.string(), note: z.string().nullable(), at: z.string() }).nullable(),
});
export const setNudgesBody = z.strictObject({ allowed: z.boolean() });
/** An IANA time zone this runtime knows ("Europe/Paris"; a browser's own alias too), as it spells it. */
const timeZone = z
  .string()
  .max(64)
  .transform((name, ctx) => {
    const known = canonicalTimeZone(name);
    if (known) return known;
    ctx.addIssue({ code: 'custom', message: 'Must be a time zone such as Europe/Paris' });
    return z.NEVER;
  });
/**
 * `enabled` turns reminders on or off; `timeZone` (the browser's) gives the zone of the start
 * times in the mail. A zone alone moves reminders that are on to it, and changes nothing when
 * they are off.
 */
export const setCallRemindersBody = z
  .strictObject({ enabled: z.boolean().optional(), timeZone: timeZone.optional() })
  .refine((body) => body.enabled !== undefined || body.timeZone !== undefined, 'Give enabled or timeZone');
