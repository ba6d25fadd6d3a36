import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { rawRequest, type On401 } from './api';

/** A query function doing GET of `queryKey[0]` (spec section 7); `on401: 'returnNull'` answers null instead of failing. */
const getQueryFn =
  <T>({ on401 = 'redirect' }: { on401?: On401 } = {}): QueryFunction<T> =>
  async ({ queryKey, signal }) =>
    (await rawRequest('GET', String(queryKey[0]), { on401, signal })) as T;

/** Never stale, no refetch on focus, no polling, no retries (queries and mutations). */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
