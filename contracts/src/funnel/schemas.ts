import { z } from 'zod';
import { FUNNEL_STAGES } from './endpoints';

export const funnelQuery = z.strictObject({
  /** one sponsor's team (the partners they sponsor directly); all partners without it */
  sponsorId: z.uuid('Must be a valid id').optional(),
});

const funnelStage = z.object({
  stage: z.enum(FUNNEL_STAGES),
  /** partners who could do this stage: everyone for step 1, those done with the stage before otherwise */
  reached: z.number().int(),
  /** partners for whom the stage is done now */
  completed: z.number().int(),
  /** reached − completed: who stopped here */
  dropOff: z.number().int(),
  /** completed as a percent of everyone registered, one decimal */
  completionRate: z.number(),
  /** median days from entering the stage to first finishing it (one decimal); null with nobody */
  medianDays: z.number().nullable(),
});
export type FunnelStageFigures = z.infer<typeof funnelStage>;

const funnelCohort = z.object({
  /** Monday (UTC) of the registration week, YYYY-MM-DD */
  week: z.string(),
  registered: z.number().int(),
  /** per stage (steps 1–5, training), partners of the cohort for whom it is done now */
  completed: z.array(z.number().int()),
});
export type FunnelCohort = z.infer<typeof funnelCohort>;

export const funnelResponse = z.object({
  sponsorId: z.string().nullable(),
  registered: z.number().int(),
  stages: z.array(funnelStage),
  cohorts: z.array(funnelCohort),
  /** sponsors with a team, largest first (for the team picker) */
  sponsors: z.array(z.object({ id: z.string(), name: z.string(), partners: z.number().int() })),
});
export type FunnelResponse = z.infer<typeof funnelResponse>;
