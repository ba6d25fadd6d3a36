import { endpoint } from '../core/endpoint';

// Zod-free on purpose: the admin console imports this file.
/** The foundation funnel in the console: every partner, or one sponsor's team. */
export const funnelEndpoints = {
  funnel: endpoint('GET', '/api/admin/funnel'),
  funnelCsv: endpoint('GET', '/api/admin/export/funnel.csv'),
} as const;

/** The funnel's stages: the five foundation steps, then training completed. */
export const FUNNEL_STAGES = ['step1', 'step2', 'step3', 'step4', 'step5', 'training'] as const;

/**
 * The last stage (training completed): nobody can stop there and no time runs after it, so it has
 * no drop-off and no median days (the page shows "—", the CSV leaves the cells empty).
 */
export const isLastStage = (stage: (typeof FUNNEL_STAGES)[number]) =>
  stage === FUNNEL_STAGES[FUNNEL_STAGES.length - 1];

/** Weekly cohorts shown (newest first); the CSV holds them all. */
export const FUNNEL_COHORT_WEEKS = 26;
