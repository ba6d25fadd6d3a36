import { queryOptions } from '@tanstack/react-query';
import type { CoachingRoutes } from '@portal/contracts/coaching/routes';
import type { ResponseOf } from '@portal/contracts/core/http';
import { request } from '../../lib/api';
import { coachingApi } from '../../lib/endpoints';

export type Coaching = ResponseOf<CoachingRoutes['mine']>;
export type StalledPartner = ResponseOf<CoachingRoutes['needsAttention']>['partners'][number];

/** The partner's nudge setting and their sponsor's latest nudge (banner, Settings). */
export const coachingQuery = queryOptions<Coaching>({
  queryKey: [coachingApi.mine.path],
  queryFn: () => request(coachingApi.mine),
});

export const needsAttentionQuery = (days: number) =>
  queryOptions({
    queryKey: [coachingApi.needsAttention.path, days],
    queryFn: () => request(coachingApi.needsAttention, { query: { days } }),
  });
