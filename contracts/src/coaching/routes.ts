import { defineRoute } from '../core/http';
import { coachingEndpoints as e } from './endpoints';
import * as s from './schemas';

const tags = ['partners'];

/** Sponsors who coach: stalled partners, nudges, and the partner's opt-out (issue 18 point 4). */
export const coachingRoutes = {
  needsAttention: defineRoute({
    ...e.needsAttention,
    access: 'user',
    tags,
    summary: "The caller's partners without foundation progress for `days` days or more",
    query: s.needsAttentionQuery,
    response: s.needsAttentionResponse,
  }),
  sendNudge: defineRoute({
    ...e.sendNudge,
    errors: {
      404: 'No partner of yours has this id.',
      409: 'The partner turned nudges off (`nudges_off`), or was nudged in the last 72 hours (`nudge_too_soon`).',
    },
    access: 'user',
    tags,
    summary:
      'Nudge one of your partners by e-mail (at most once per 72 hours; not when they turned nudges off)',
    params: s.partnerParams,
    body: s.sendNudgeBody,
    response: s.sendNudgeResponse,
  }),
  mine: defineRoute({
    ...e.mine,
    access: 'user',
    tags,
    summary: "The caller's nudge setting and their sponsor's latest nudge",
    response: s.coachingResponse,
  }),
  setNudges: defineRoute({
    ...e.setNudges,
    access: 'user',
    tags,
    summary: 'Turn nudges from the sponsor on or off',
    body: s.setNudgesBody,
    response: s.coachingResponse,
  }),
  setCallReminders: defineRoute({
    ...e.setCallReminders,
    access: 'user',
    tags,
    summary: 'Turn the e-mail one hour before each live call on or off',
    body: s.setCallRemindersBody,
    response: s.coachingResponse,
  }),
} as const;
export type CoachingRoutes = typeof coachingRoutes;
