import type { Access } from '@portal/contracts';
import { type UserRecord, isAdminUser } from '../app/users';
import { HttpError } from './errors';

/**
 * The authorization rule for every route: who may call it. Throws 401/403 otherwise.
 * A user who must change a temporary password may only use 'session' routes (me, logout,
 * the password change).
 */
export function enforceAccess(access: Access, user: UserRecord | null, adminEmail: string) {
  if (access === 'public') return;
  if (!user || user.isLocked) throw new HttpError(401, 'unauthenticated', 'Please sign in to continue');
  if (access === 'session') return;
  if (user.mustChangePassword) {
    throw new HttpError(403, 'password_change_required', 'You must set a new password before continuing');
  }
  if (access === 'user') return;
  if (access === 'admin') {
    if (!isAdminUser(user, adminEmail))
      throw new HttpError(403, 'forbidden', 'You need admin privileges to do this');
    return;
  }
  throw new HttpError(403, 'no_policy', 'This route has no access policy');
}
