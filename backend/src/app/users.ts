import type { UserState } from '../domain/user/decider';
import type { Db } from '../infra/db';
import { isAdminAddress } from '../domain/user/adminAddress';

/** A row of the users read model, as the rest of the backend sees it. */
export interface UserRecord {
  id: string;
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  sponsorId: string | null;
  isAdmin: boolean;
  isLocked: boolean;
  newsletter: boolean;
  mustChangePassword: boolean;
  phoneNumber: string | null;
  smsOptIn: boolean;
  preferredLanguage: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  /** a second factor (TOTP) is set up; its secret stays on the user stream */
  secondFactorEnrolled: boolean;
}

export interface UserRow {
  id: string;
  uid: string;
  first_name: string;
  last_name: string;
  email: string;
  email_lower: string;
  password_hash: string;
  sponsor_id: string | null;
  is_admin: boolean;
  is_locked: boolean;
  newsletter: boolean;
  must_change_password: boolean;
  phone_number: string | null;
  sms_opt_in: boolean;
  preferred_language: string | null;
  last_login_at: Date | null;
  created_at: Date;
  second_factor_enrolled: boolean;
}

export const toUserRecord = (r: UserRow): UserRecord => ({
  id: r.id,
  uid: r.uid,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  passwordHash: r.password_hash,
  sponsorId: r.sponsor_id,
  isAdmin: r.is_admin,
  isLocked: r.is_locked,
  newsletter: r.newsletter,
  mustChangePassword: r.must_change_password,
  phoneNumber: r.phone_number,
  smsOptIn: r.sms_opt_in,
  preferredLanguage: r.preferred_language,
  lastLoginAt: r.last_login_at,
  createdAt: r.created_at,
  secondFactorEnrolled: r.second_factor_enrolled ?? false,
});

export async function findUserById(db: Db, id: string): Promise<UserRecord | null> {
  const row = await db<UserRow>('users').where({ id }).first();
  return row ? toUserRecord(row) : null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const row = await db<UserRow>('users').where({ email_lower: email.trim().toLowerCase() }).first();
  return row ? toUserRecord(row) : null;
}

/** Admin rule of the spec: the flag, or the one fixed admin address. */
export const isAdminUser = (user: Pick<UserRecord, 'isAdmin' | 'email'>, adminEmail: string) =>
  user.isAdmin || isAdminAddress(user.email, adminEmail);

/**
 * The same rule in SQL, over the `users` row called `alias` in the query: the condition and its
 * binding, for knex `whereRaw` / `raw`. (The admin address is reserved in every variant, so the
 * stored lower-cased address matches only the address itself.)
 */
export function isAdminUserSql(alias: string, adminEmail: string): [string, string[]] {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  return [`(${alias}.is_admin or ${alias}.email_lower = ?)`, [adminEmail.trim().toLowerCase()]];
}

/**
 * The user as a command's decider left it, over the (possibly older) read-model row: what a
 * command answers when an asynchronous read model has not caught up yet.
 */
export function userRecordFromState(
  id: string,
  state: UserState,
  row: UserRecord | undefined | null,
  now: Date,
): UserRecord {
  return {
    id,
    uid: state.uid,
    firstName: state.firstName,
    lastName: state.lastName,
    email: state.email,
    passwordHash: state.passwordHash,
    sponsorId: state.sponsorId,
    isAdmin: state.isAdmin,
    isLocked: state.isLocked,
    newsletter: state.newsletter,
    mustChangePassword: state.mustChangePassword,
    phoneNumber: state.phoneNumber,
    smsOptIn: state.smsOptIn,
    preferredLanguage: row?.preferredLanguage ?? null,
    lastLoginAt: row?.lastLoginAt ?? now,
    createdAt: row?.createdAt ?? now,
    secondFactorEnrolled: state.secondFactor !== null,
  };
}
