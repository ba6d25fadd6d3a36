import { endpoint } from '../core/endpoint';

// Zod-free on purpose: the partner app imports this file as a value and only `import type`
// from schemas.ts / routes.ts (see contracts/src/auth/endpoints.ts).
/** Method and path of every call of the partners directory. */
export const partnersEndpoints = {
  list: endpoint('GET', '/api/partners'),
  stats: endpoint('GET', '/api/partners/stats'),
  details: endpoint('GET', '/api/partners/details/:partnerId'),
} as const;

/** Cards per page in the partner app (spec constants). */
export const PARTNERS_PAGE_SIZE = 20;
/** Largest page an API caller may ask for. */
export const PARTNERS_MAX_PAGE_SIZE = 100;
/** Page buttons shown at most. */
export const PARTNERS_PAGE_BUTTONS = 5;
/** Client cache times (spec constants): list 5 minutes, stats and details 1 minute. */
export const PARTNERS_LIST_STALE_MS = 5 * 60_000;
export const PARTNERS_STATS_STALE_MS = 60_000;
export const PARTNERS_DETAILS_STALE_MS = 60_000;

export const PARTNER_STATUS_FILTERS = ['all', 'complete', 'in-progress', 'not-started'] as const;
export type PartnerStatusFilter = (typeof PARTNER_STATUS_FILTERS)[number];
export const PARTNER_SORTS = ['lastLogin', 'name', 'progress', 'createdAt'] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];
export const PARTNER_SCOPES = ['direct', 'all'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];
export type SortOrder = 'asc' | 'desc';

/** Order used when the caller does not name one: newest activity / most progress / newest first, names A→Z. */
export const DEFAULT_ORDER: Record<PartnerSort, SortOrder> = {
  lastLogin: 'desc',
  name: 'asc',
  progress: 'desc',
  createdAt: 'desc',
};
