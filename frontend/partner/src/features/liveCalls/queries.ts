import { queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api';
import { academyApi } from '../../lib/endpoints';

/** The live calls, their schedule and the calendar feed of /live-calls (its route loader and page). */
export const liveCallsQuery = queryOptions({
  queryKey: [academyApi.liveCalls.path],
  queryFn: ({ signal }) => request(academyApi.liveCalls, { signal }),
  staleTime: 5 * 60_000,
});
