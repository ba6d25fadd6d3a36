import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app/deps';
import { type CommandMetadata, handleCommand } from '../../app/commandHandler';
import { alignNewsletterStep } from '../../app/newsletterStep';
import { releaseEmail, reserveEmail } from './emailStreams';
import { userDecider, userStream } from '../../domain/user/decider';
import { DomainError, conflict } from '../../domain/errors';
import { isAdminAddress } from '../../domain/user/adminAddress';
import {
  EMAIL_TAKEN,
  MEMBER_ID_TAKEN,
  memberIdFrom,
  memberIdStream,
  reservationDecider,
} from '../../domain/user/reservation';

/**
 * sha256 of the trimmed, lower-cased address: keys the sign-in throttle and names the account in
 * logs. Reservation streams use a keyed hash instead (emailStreams.ts).
 */
export const emailHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  /** a bcrypt hash (never the password) */
  passwordHash: string;
  sponsorId: string | null;
  newsletter: boolean;
  isAdmin?: boolean;
  mustChangePassword?: boolean;
  source: 'self' | 'bootstrap' | 'seed' | 'admin';
  /** fixed id (seed data); a new uuid otherwise */
  userId?: string;
  /** fixed member id (seed data); a new random one otherwise */
  uid?: string;
  /** when the account was opened (seeded or imported history, ISO); now otherwise */
  registeredAt?: string;
}

export interface CreatedAccount {
  userId: string;
  uid: string;
  /** position of the last event: wait for it before reading the users table */
  position: string | null;
}

/**
 * Records a new account without races: the lower-cased e-mail is reserved on its own stream
 * (expected revision), then a member id (`P-XXXXXX`, retried on collision), then the user's
 * stream gets UserRegistered. Throws DomainError `email_taken` (409) when the address is held
 * by another account, and for the fixed admin address in any variant (only the bootstrap admin
 * is created with it). If recording the user fails, the e-mail reservation is released.
 */
export async function createAccount(
  deps: Pick<AppDeps, 'store' | 'config'>,
  account: NewAccount,
  metadata: CommandMetadata,
): Promise<CreatedAccount> {
  const userId = account.userId ?? randomUUID();
  const email = account.email.trim();
  if (account.source !== 'bootstrap' && isAdminAddress(email, deps.config.ADMIN_EMAIL))
    throw conflict(EMAIL_TAKEN, 'An account with this email already exists.');
  // The idempotency key belongs to the user's stream; the reservations are idempotent by holder.
  const reservationMeta: CommandMetadata = { ...metadata, idempotencyKey: undefined };
  await reserveEmail(deps, email, userId, reservationMeta);
  try {
    const uid = await reserveMemberId(deps, userId, account.uid, reservationMeta);
    const result = await handleCommand(
      deps.store,
      userStream(userId),
      userDecider,
      {
        type: 'Register',
        newsletter: account.newsletter,
        data: {
          userId,
          uid,
          firstName: account.firstName,
          lastName: account.lastName,
          email,
          passwordHash: account.passwordHash,
          sponsorId: account.sponsorId,
          isAdmin: account.isAdmin ?? false,
          mustChangePassword: account.mustChangePassword ?? false,
          source: account.source,
          ...(account.registeredAt ? { registeredAt: account.registeredAt } : {}),
        },
      },
      metadata,
    );
    // an opt-in at registration is a subscription: step 1 follows it at once
    const step = account.newsletter ? await alignNewsletterStep(deps.store, userId, metadata) : null;
    return { userId, uid, position: step?.position ?? result.position };
  } catch (error) {
    await releaseEmail(deps, email, userId, reservationMeta).catch(() => undefined);
    throw error;
  }
}

async function reserveMemberId(
  deps: Pick<AppDeps, 'store'>,
  userId: string,
  fixed: string | undefined,
  metadata: CommandMetadata,
) {
  // 31^6 ≈ 887 million ids: a collision is rare, ten in a row practically impossible.
  for (let attempt = 0; attempt < 10; attempt++) {
    const uid = fixed ?? memberIdFrom(randomBytes(6));
    try {
      await handleCommand(
        deps.store,
        memberIdStream(uid),
        reservationDecider,
        { type: 'ReserveMemberId', userId },
        metadata,
      );
      return uid;
    } catch (error) {
      if (fixed || !(error instanceof DomainError && error.code === MEMBER_ID_TAKEN)) throw error;
    }
  }
  throw new Error('Could not find a free member id');
}
