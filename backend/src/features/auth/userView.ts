import type { User } from '@portal/contracts/auth/schemas';
import { type UserRecord, isAdminUser } from '../../app/users';
import type { Db } from '../../infra/db';

const LANGUAGES = new Set(['en', 'es', 'fr']);

/** The `user` answer of the auth routes, from the users read model (sponsor's name joined). */
export async function userView(db: Db, user: UserRecord, adminEmail: string): Promise<User> {
  let sponsorName: string | null = null;
  if (user.sponsorId) {
    const sponsor = await db('users').where({ id: user.sponsorId }).first('first_name', 'last_name');
    sponsorName = sponsor ? `${sponsor.first_name} ${sponsor.last_name}`.trim() : null;
  }
  return {
    id: user.id,
    uid: user.uid,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    sponsorId: user.sponsorId,
    sponsorName,
    isAdmin: isAdminUser(user, adminEmail),
    isLocked: user.isLocked,
    newsletter: user.newsletter,
    mustChangePassword: user.mustChangePassword,
    phoneNumber: user.phoneNumber,
    smsOptIn: user.smsOptIn,
    preferredLanguage:
      user.preferredLanguage && LANGUAGES.has(user.preferredLanguage)
        ? (user.preferredLanguage as User['preferredLanguage'])
        : null,
    lastLoginAt: user.lastLoginAt ? new Date(user.lastLoginAt).toISOString() : null,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
