import { z } from 'zod';
import { defineRoute } from '../core/http';
import { funnelEndpoints as e } from './endpoints';
import * as s from './schemas';

const tags = ['admin', 'funnel'];

/** The foundation funnel (read model `funnel_members`, an asynchronous rebuildable projection). */
export const funnelRoutes = {
  funnel: defineRoute({
    ...e.funnel,
    access: 'admin',
    tags,
    summary:
      'Foundation funnel: per-stage completion, drop-off and median days, weekly registration cohorts; all partners or one sponsor’s team',
    query: s.funnelQuery,
    response: s.funnelResponse,
  }),
  funnelCsv: defineRoute({
    ...e.funnelCsv,
    access: 'admin',
    tags,
    summary: 'The funnel as CSV: the stages, then every weekly cohort',
    query: s.funnelQuery,
    response: z.string(),
    produces: 'text/csv',
  }),
};
