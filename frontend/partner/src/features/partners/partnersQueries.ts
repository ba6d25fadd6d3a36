import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  PARTNERS_DETAILS_STALE_MS,
  PARTNERS_LIST_STALE_MS,
  PARTNERS_PAGE_SIZE,
  PARTNERS_STATS_STALE_MS,
  type PartnerScope,
  type PartnerSort,
  type PartnerStatusFilter,
} from '@portal/contracts/partners/endpoints';
import type { PartnerDetails, PartnerItem } from '@portal/contracts/partners/schemas';
import { request } from '../../lib/api';
import { partnersApi } from '../../lib/endpoints';

export type { PartnerDetails, PartnerItem };

export interface ListParams {
  search: string;
  status: PartnerStatusFilter;
  sort: PartnerSort;
  page: number;
  scope: PartnerScope;
}

/** What /partners shows first (its route loader reads this page and its figures). */
export const FIRST_LIST: ListParams = {
  search: '',
  status: 'all',
  sort: 'lastLogin',
  page: 1,
  scope: 'direct',
};

/** GET /api/partners: one page, cached 5 minutes (spec constants); the previous page stays shown while the next loads. */
export const partnersListQuery = (p: ListParams) =>
  queryOptions({
    queryKey: [partnersApi.list.path, p] as const,
    queryFn: ({ signal }) =>
      request(partnersApi.list, {
        query: {
          search: p.search.trim() || undefined,
          status: p.status,
          sort: p.sort,
          page: p.page,
          pageSize: PARTNERS_PAGE_SIZE,
          scope: p.scope,
        },
        signal,
      }),
    staleTime: PARTNERS_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** GET /api/partners/stats: cached 1 minute. */
export const partnersStatsQuery = (scope: PartnerScope) =>
  queryOptions({
    queryKey: [partnersApi.stats.path, scope] as const,
    queryFn: ({ signal }) => request(partnersApi.stats, { query: { scope }, signal }),
    staleTime: PARTNERS_STATS_STALE_MS,
  });

/** GET /api/partners/details/:partnerId: fetched when a partner is selected, cached 1 minute. */
export const partnerDetailsQuery = (partnerId: string) =>
  queryOptions({
    queryKey: [partnersApi.details.path, partnerId] as const,
    queryFn: ({ signal }) => request(partnersApi.details, { params: { partnerId }, signal }),
    staleTime: PARTNERS_DETAILS_STALE_MS,
  });

/**
 * Reads the list's pages and its figures again: a partner's details, read when the sheet opened,
 * show progress the cached list (5 minutes) does not have yet.
 */
export const refreshPartnersList = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [partnersApi.list.path] }),
    queryClient.invalidateQueries({ queryKey: [partnersApi.stats.path] }),
  ]);
