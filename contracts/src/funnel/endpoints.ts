import type { Endpoint, Method } from '../core/http';

// Zod-free on purpose: the admin console imports this file.
const endpoint = <M extends Method, P extends string>(method: M, path: P): Endpoint<M, P> => ({
  method,
  path,
});

/** The foundation funnel in the console: every partner, or one sponsor's team. */
export const funnelEndpoints = {
  funnel: endpoint('GET', '/api/admin/funnel'),
  funnelCsv: endpoint('GET', '/api/admin/export/funnel.csv'),
} as const;

/** The funnel's stages: the five foundation steps, then training completed. */
export const FUNNEL_STAGES = ['step1', 'step2', 'step3', 'step4', 'step5', 'training'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** Weekly cohorts shown (newest first); the CSV holds them all. */
export const FUNNEL_COHORT_WEEKS = 26;
