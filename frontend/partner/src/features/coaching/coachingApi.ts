import { queryOptions } from '@tanstack/react-query';
import { coachingEndpoints } from '@portal/contracts/coaching/endpoints';
import type { CoachingRoutes } from '@portal/contracts/coaching/routes';
import type { ResponseOf } from '@portal/contracts/core/http';
import { request } from '../../lib/api';

export type Coaching = ResponseOf<CoachingRoutes['mine']>;
export type StalledPartner = ResponseOf<CoachingRoutes['needsAttention']>['partners'][number];

/** The partner's nudge setting and their sponsor's latest nudge (banner, Settings). */
export const coachingQuery = queryOptions<Coaching>({
  queryKey: [coachingEndpoints.mine.path],
  queryFn: () => request<CoachingRoutes['mine']>(coachingEndpoints.mine),
});

export const needsAttentionQuery = (days: number) =>
  queryOptions({
    queryKey: [coachingEndpoints.needsAttention.path, days],
    queryFn: () =>
      request<CoachingRoutes['needsAttention']>(coachingEndpoints.needsAttention, { query: { days } }),
  });
