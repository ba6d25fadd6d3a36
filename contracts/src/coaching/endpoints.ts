import { endpoint } from '../core/endpoint';

// Zod-free: the partner app imports this file.
/** Sponsors who coach (issue 18 point 4). */
export const coachingEndpoints = {
  needsAttention: endpoint('GET', '/api/partners/needs-attention'),
  sendNudge: endpoint('POST', '/api/coaching/partners/:partnerId/nudge'),
  mine: endpoint('GET', '/api/coaching'),
  setNudges: endpoint('POST', '/api/coaching/nudges'),
  setCallReminders: endpoint('POST', '/api/coaching/call-reminders'),
} as const;

/** A partner needs attention after this many days without progress, unless the sponsor asks for another number. */
export const STALLED_DAYS_DEFAULT = 7;
export const NUDGE_NOTE_MAX = 500;
