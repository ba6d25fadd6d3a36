import { type CallRule, nextOccurrence } from '@portal/contracts/academy/schedule';

/** The reminder goes this many minutes before a live call starts. */
export const REMINDER_LEAD_MINUTES = 60;

export interface DueCall<C> {
  call: C;
  startsAt: Date;
}

/**
 * The live calls whose next start lies within the lead time after `now` (strictly after `now`:
 * a call that has begun gets no reminder). Starts come from the schedule rules in New York
 * time, so the answer is right on both sides of a daylight-saving change.
 */
export function callsStartingSoon<C extends CallRule>(
  calls: readonly C[],
  now: number,
  leadMinutes = REMINDER_LEAD_MINUTES,
): DueCall<C>[] {
  const due: DueCall<C>[] = [];
  for (const call of calls) {
    const startsAt = nextOccurrence(call, now, 0);
    if (startsAt.getTime() - now <= leadMinutes * 60_000) due.push({ call, startsAt });
  }
  return due;
}

/** One reminder per call occurrence and person: the job id and the outbox id. */
export const callReminderId = (callId: string, startsAt: Date, userId: string) =>
  `call-reminder-${callId}-${startsAt.getTime()}-${userId}`;
