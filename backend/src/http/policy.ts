import type { Access } from '@portal/contracts';
import { type UserRecord, isAdminUser } from '../app/users';
import type { PendingSecondFactor } from '../domain/user/secondFactor';
import { HttpError } from './errors';

/**
 * The authorization rule for every route: who may call it. Throws 401/403 otherwise.
 * A session that still owes its second factor may only use 'signedIn' routes (me, logout, the
 * code step); a user who must change a temporary password only 'session' routes (those and the
 * password change); an admin who must enrol a second factor only those and 'enrolment' routes.
 */
export function enforceAccess(
  access: Access,
  user: UserRecord | null,
  adminEmail: string,
  secondFactor: PendingSecondFactor = null,
) {
  if (access === 'public') return;
  if (!user || user.isLocked) throw new HttpError(401, 'unauthenticated', 'Please sign in to continue');
  if (access === 'signedIn') return;
  if (secondFactor === 'verify')
    throw new HttpError(
      403,
      'second_factor_required',
      'Enter the code from your authenticator app to continue',
    );
  if (access === 'session') return;
  if (user.mustChangePassword) {
    throw new HttpError(403, 'password_change_required', 'You must set a new password before continuing');
  }
  if (access === 'enrolment') return;
  if (secondFactor === 'enrol')
    throw new HttpError(
      403,
      'second_factor_enrolment_required',
      'Set up two-step verification before continuing',
    );
  if (access === 'user') return;
  if (access === 'admin') {
    if (!isAdminUser(user, adminEmail))
      throw new HttpError(403, 'forbidden', 'You need admin privileges to do this');
    return;
  }
  throw new HttpError(403, 'no_policy', 'This route has no access policy');
}
