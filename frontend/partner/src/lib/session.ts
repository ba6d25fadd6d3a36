import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthRoutes } from '@portal/contracts/auth/routes';
import type { ResponseOf } from '@portal/contracts/core/http';
import { request } from './api';
import { queryClient } from './queryClient';
import { authApi } from './endpoints';
import { forgetReturnPage } from './returnTo';
import { forgetAllUnsavedAnswers } from './unsavedAnswers';
import { leaveTo } from '../../../shared/leave';

export type User = ResponseOf<AuthRoutes['me']>;

export const ME_KEY = [authApi.me.path] as const;

/**
 * The signed-in user, or null when signed out, from GET /api/session (200 either way, so a
 * visitor's first page logs no 401). Any failure of the check means signed out. The cache key
 * stays /api/me's: the user is the same.
 */
export const meQuery = queryOptions<User | null>({
  queryKey: ME_KEY,
  queryFn: async ({ signal }) => {
    try {
      const answer = await request(authApi.session, {
        on401: 'returnNull',
        signal,
      });
      return answer?.user ?? null;
    } catch {
      return null;
    }
  },
});

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: User };

export function useSession(): SessionState {
  const { data, isPending } = useQuery(meQuery);
  if (isPending) return { status: 'loading', user: null };
  return data ? { status: 'signedIn', user: data } : { status: 'signedOut', user: null };
}

/**
 * A part of the signed-in user (null while loading or signed out). The component renders again
 * only when that part changes, not on any change of the user: a page need not render again when,
 * say, the user's stored language arrives after the first render (lib/languageSync.ts).
 */
export function useSessionPart<T>(pick: (user: User) => T): T | null {
  const { data } = useQuery({ ...meQuery, select: (user) => (user ? pick(user) : null) });
  return data ?? null;
}

/**
 * Past every step of the sign-in: no temporary password to change, no second factor to enter or
 * (an admin) to set up. Until then the server refuses every 'user' route with 403.
 */
export const fullySignedIn = (user: User | null | undefined): user is User =>
  !!user && !user.mustChangePassword && !user.secondFactor?.pending;

/** Replaces the cached user (login, register, password reset, profile update). */
export const setCurrentUser = (user: User | null) => queryClient.setQueryData(ME_KEY, user);

export const fullName = (u: Pick<User, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();
export const initials = (u: Pick<User, 'firstName' | 'lastName'>) =>
  `${u.firstName.trim().charAt(0)}${u.lastName.trim().charAt(0)}`.toUpperCase() || '?';

/** Ends the session on the server; a failure is ignored (spec 000 section 4: nothing is left to end). */
export async function endServerSession(): Promise<void> {
  try {
    await request(authApi.logout, { on401: 'throw' });
  } catch {
    // already gone (expired, ended elsewhere) or unreachable
  }
}

/** Signs out: the server call's failure is ignored; caches are dropped and the page reloads at /. */
export async function signOut(): Promise<void> {
  await endServerSession();
  forgetReturnPage();
  forgetAllUnsavedAnswers();
  queryClient.clear();
  leaveTo('/');
}
