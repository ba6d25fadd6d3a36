import { queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api';
import { academyApi } from '../../lib/endpoints';

/** The success stories of /vault (its route loader and page). */
export const testimonialsQuery = queryOptions({
  queryKey: [academyApi.testimonials.path],
  queryFn: ({ signal }) => request(academyApi.testimonials, { signal }),
  staleTime: 10 * 60_000,
});
