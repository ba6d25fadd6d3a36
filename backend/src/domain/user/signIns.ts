import type { EventOf } from '@portal/contracts';
import type * as E from '@portal/contracts/auth/events';

/**
 * Sign-ins are kept out of the user aggregate: each is a `UserSignedIn` on the user's own
 * `SignIns-<userId>` stream, so a command on `User-<userId>` folds the account's changes only
 * and its cost does not grow with the number of sign-ins. Nothing decides on sign-ins (a
 * sign-in is a fact the password check already allowed), so recording one reads nothing.
 * Older databases hold `UserSignedIn` events on `User-<userId>` too: the user decider ignores
 * them and the projections read both streams.
 */
export type SignInEvent = EventOf<typeof E.UserSignedIn>;

const SIGN_INS_CATEGORY = 'SignIns';
export const signInStream = (userId: string) => `${SIGN_INS_CATEGORY}-${userId}`;

/** The event of one sign-in at `at` (ISO time). */
export const signedIn = (at: string): SignInEvent => ({ type: 'UserSignedIn', data: { at } });

/** The user whose account or sign-ins a stream holds (`User-<id>`, `SignIns-<id>`), else null. */
export function accountOfStream(streamId: string): string | null {
  const match = /^(?:User|SignIns)-(.+)$/.exec(streamId);
  return match ? match[1] : null;
}
