import { request } from '../lib/api';
import { homeFor, progressQuery } from '../lib/progress';
import { queryClient } from '../lib/queryClient';
import { endServerSession, setCurrentUser, type User } from '../lib/session';
import {
  forgetTemporaryPassword,
  rememberTemporaryPassword,
} from '../features/resetPassword/temporaryPassword';
import { authApi } from '../lib/endpoints';
import { takeReturnPage } from '../lib/returnTo';

/** Delay before moving on after a successful sign-in (spec section 9). */
export const POST_LOGIN_DELAY_MS = 100;

export const delay = (ms: number) => new Promise<void>((r) => window.setTimeout(r, ms));

/** POST /api/login, flagged as a login attempt (a 401 is shown in the form, not redirected). */
export async function signIn(email: string, password: string): Promise<User> {
  await abandoning;
  const { user } = await request(authApi.login, {
    body: { email, password },
    loginAttempt: true,
  });
  // a new session: nothing cached for the previous visitor may survive
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authApi.me.path });
  // the forced password change may then tell whether the new one differs from it
  if (user.mustChangePassword) rememberTemporaryPassword(password);
  else forgetTemporaryPassword();
  // the password alone does not sign in an account with a second factor: the code step does
  if (user.secondFactor?.pending !== 'verify') setCurrentUser(user);
  return user;
}

/** The end of a sign-in left at the code step, while its answer is on the way. */
let abandoning: Promise<void> = Promise.resolve();

/**
 * Ends a sign-in left at the code step: the server forgets the half-signed-in session. A sign-in
 * started meanwhile waits for it, so the late answer cannot end the new session.
 */
export function abandonSignIn(): void {
  abandoning = endServerSession();
}

/**
 * Where a fresh sign-in lands (an address): the forced password screen when the password is
 * temporary; else the page the session ended on or the visitor opened signed out
 * (`lib/returnTo.ts`); else (the spec's third reading), once progress is fetched, /academy when
 * the foundation is done, otherwise /foundation (also when the progress fetch fails).
 */
export async function destinationAfterSignIn(user: User): Promise<string> {
  if (user.mustChangePassword) return '/reset-password';
  // an admin without a second factor sets one up in the console before anything else (issue 13)
  if (user.secondFactor?.pending === 'enrol') return '/admin';
  const back = takeReturnPage();
  if (back) return back;
  try {
    const data = await queryClient.fetchQuery(progressQuery);
    return homeFor(data?.progress);
  } catch {
    return '/foundation';
  }
}
