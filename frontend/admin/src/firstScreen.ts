/**
 * The console's first screen renders once, with its data. react-admin asks for the session
 * check, the identity and the users list after its first render, and renders again after each
 * answer; those renders are synchronous (TanStack Query's store updates are), so on a phone each
 * was a long task. Here the answers (from the HTML, pageData.ts, so no request) go into the
 * query cache before the first render, which then runs in one transition, in slices.
 */
import { QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import type { AuthProvider, DataProvider } from 'react-admin';
import {
  ADMIN_FIRST_PAGE_URL,
  ADMIN_PAGE_SIZE,
  ADMIN_USERS_DEFAULT_SORT,
} from '@portal/contracts/admin/endpoints';
import { hasAnswer } from './pageData';

/** Answers put in the cache before the first render, with the time they were put there. */
const prefilled = new Map<Query, number>();
/**
 * A prefilled answer counts as just fetched: the screen that reads it does not ask again when it
 * mounts (react-admin's own answers are stale at once, staleTime 0: asking again would render
 * the whole console again when it comes). Once it is refetched, or later than this, it is like
 * any other answer.
 */
const PREFILLED_FRESH_MS = 30_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: (query) => (prefilled.get(query) === query.state.dataUpdatedAt ? PREFILLED_FRESH_MS : 0),
    },
  },
});

async function prefill(queryKey: QueryKey, read: () => Promise<unknown>) {
  try {
    queryClient.setQueryData(queryKey, await read());
  } catch {
    return; // the screen asks for it itself, as without the prefill
  }
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query) prefilled.set(query, query.state.dataUpdatedAt);
}

/** The users list as it opens: first page, default order, no filter (UserList). */
const firstPage = {
  pagination: { page: 1, perPage: ADMIN_PAGE_SIZE },
  sort: { ...ADMIN_USERS_DEFAULT_SORT },
  filter: {},
};

/**
 * Fills the cache under react-admin's own query keys (ra-core: useAuthState, useGetIdentity,
 * useGetList): the session check, the identity and, when the HTML carries it, the list's first page.
 */
export async function prefillFirstScreen(authProvider: AuthProvider, dataProvider: DataProvider) {
  await Promise.all([
    prefill(['auth', 'checkAuth', {}], async () => {
      await authProvider.checkAuth({});
      return true;
    }),
    prefill(['auth', 'getIdentity'], async () => authProvider.getIdentity?.()),
    hasAnswer(ADMIN_FIRST_PAGE_URL) &&
      prefill(['users', 'getList', firstPage], async () => {
        const { data, total, pageInfo, meta } = await dataProvider.getList('users', firstPage);
        return { data, total, pageInfo, meta };
      }),
  ]);
}
