import { defineRoute } from '../core/http';
import { partnersEndpoints } from './endpoints';
import {
  partnerDetailsParams,
  partnerDetailsResponse,
  partnersListQuery,
  partnersListResponse,
  partnersStatsQuery,
  partnersStatsResponse,
} from './schemas';

/**
 * The sponsor's downline directory. A partner is someone whose sponsor is the caller (level 1);
 * `scope=all` adds everyone further down with their level. Details answer 404 for anyone
 * outside the caller's downline, the same as for an unknown id.
 */
export const partnersRoutes = {
  list: defineRoute({
    ...partnersEndpoints.list,
    access: 'user',
    summary: "The caller's partners: search, status filter, sort and paging done by the server",
    tags: ['partners'],
    query: partnersListQuery,
    response: partnersListResponse,
  }),
  stats: defineRoute({
    ...partnersEndpoints.stats,
    access: 'user',
    summary: "Counts of the caller's partners by training status",
    tags: ['partners'],
    query: partnersStatsQuery,
    response: partnersStatsResponse,
  }),
  details: defineRoute({
    ...partnersEndpoints.details,
    errors: { 404: 'No partner with this id in your downline.' },
    access: 'user',
    summary:
      "Progress details of one partner of the caller's downline; step 5 answers only if the partner shares them",
    tags: ['partners'],
    params: partnerDetailsParams,
    response: partnerDetailsResponse,
  }),
} as const;

export type PartnersRoutes = typeof partnersRoutes;
