import type { UpdateUserBody } from '@portal/contracts/admin/schemas';
import type { AppDeps } from '../../app/deps';
import { type CommandMetadata, handleCommand } from '../../app/commandHandler';
import { findUserByEmail, findUserById, type UserRecord } from '../../app/users';
import { DomainError, conflict, invalid, notFound } from '../../domain/errors';
import { coachingStream } from '../../domain/coaching/decider';
import { onboardingStream } from '../../domain/onboarding/decider';
import { tutorialStream } from '../../domain/tutorial/decider';
import { refuseSelfLockout, userDecider, userStream, type UserCommand } from '../../domain/user/decider';
import { signInStream } from '../../domain/user/signIns';
import { EMAIL_TAKEN, memberIdStream, reservationDecider } from '../../domain/user/reservation';
import {
  ADMIN_ADDRESS_HELD,
  ADMIN_ADDRESS_HELD_MESSAGE,
  ADMIN_ADDRESS_RESERVED,
  ADMIN_ADDRESS_RESERVED_MESSAGE,
  isAdminAddress,
} from '../../domain/user/adminAddress';
import { refuseCommonPassword } from '../../domain/user/commonPasswords';
import { StreamDeleted } from '../../eventStore/port';
import { releaseEmail, reserveEmail as reserveEmailStream } from '../auth/emailStreams';
import { createNewsletter, NewsletterError } from '../../integrations/mailchimp/newsletter';
import { enqueueMemberEmailChange } from '../../integrations/mailchimp/memberEmail';
import { alignNewsletterStep } from '../../app/newsletterStep';
import { deletionDecider, deletionStream } from './deletion';
import { resetTrainingKeepingNewsletter } from '../onboarding';

/**
 * Every admin action on a user: each is one or more events with the admin as actor (the
 * request's command metadata), then a wait for the read models (read-your-writes).
 */
type Deps = AppDeps;

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

async function mustFind(deps: Deps, id: string): Promise<UserRecord> {
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** Read-your-writes for the console: bounded, never an error (the change is recorded). */
async function settle(deps: Deps, position: string | null) {
  await deps.projections.settle({ position });
}

/** Reserves an address for a user (refused when another account has it). */
async function reserveEmail(deps: Deps, email: string, userId: string, meta: CommandMetadata) {
  const taken = await deps
    .db('users')
    .where({ email_lower: email.toLowerCase() })
    .whereNot({ id: userId })
    .first('id');
  if (taken) throw conflict(EMAIL_TAKEN, 'An account with this email already exists.');
  await reserveEmailStream(deps, email, userId, meta);
}

const holdsAdminAddress = (deps: Deps, user: UserRecord) =>
  isAdminAddress(user.email, deps.config.ADMIN_EMAIL);

/** Changes the mailing list first: if the service refuses, nothing is recorded. */
async function setMailingList(deps: Deps, user: UserRecord, subscribed: boolean) {
  const newsletter = createNewsletter(deps);
  try {
    if (subscribed)
      await newsletter.subscribe({ email: user.email, firstName: user.firstName, lastName: user.lastName });
    else await newsletter.unsubscribe(user.email);
  } catch (error) {
    if (error instanceof NewsletterError) {
      throw new DomainError(
        'unavailable',
        'mailing_service_failed',
        `The mailing service did not accept the change (${error.kind}). Nothing was changed.`,
      );
    }
    throw error;
  }
}

/** A user may not become their own sponsor, directly or through their downline. */
async function checkSponsor(deps: Deps, userId: string, sponsorId: string | null) {
  if (sponsorId === null) return;
  if (sponsorId === userId)
    throw invalid('own_sponsor', 'A user cannot be their own sponsor', {
      sponsorId: 'A user cannot be their own sponsor',
    });
  let current: string | null = sponsorId;
  for (let depth = 0; current && depth < 100; depth++) {
    const row: { id: string; sponsor_id: string | null } | undefined = await deps
      .db('users')
      .where({ id: current })
      .first('id', 'sponsor_id');
    if (!row) {
      if (depth === 0)
        throw invalid('sponsor_not_found', 'Sponsor not found', { sponsorId: 'Sponsor not found' });
      return;
    }
    if (row.sponsor_id === userId) {
      throw invalid('sponsor_in_downline', 'This sponsor is in the user’s own downline', {
        sponsorId: 'This sponsor is in the user’s own downline',
      });
    }
    current = row.sponsor_id;
  }
}

export async function updateUser(
  deps: Deps,
  actor: UserRecord,
  id: string,
  body: UpdateUserBody,
  meta: CommandMetadata,
) {
  const user = await mustFind(deps, id);
  // the decider refuses these too; asked first so that a refusal reserves and sends nothing
  refuseSelfLockout(actor.id, id, { locked: body.isLocked, admin: body.isAdmin });
  const changes: NonNullable<Extract<UserCommand, { type: 'AdminEdit' }>['changes']> = {};
  if (body.firstName !== undefined && body.firstName !== user.firstName) changes.firstName = body.firstName;
  if (body.lastName !== undefined && body.lastName !== user.lastName) changes.lastName = body.lastName;
  const emailChanged = body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged) changes.email = body.email;
  if (body.uid !== undefined && body.uid !== user.uid) changes.uid = body.uid;
  if (body.sponsorId !== undefined && body.sponsorId !== user.sponsorId) {
    await checkSponsor(deps, id, body.sponsorId);
    changes.sponsorId = body.sponsorId;
  }
  const reservationMeta = { ...meta, idempotencyKey: undefined };
  if (emailChanged) {
    // the fixed admin address moves only by a transfer (transferAdminAddress)
    if (holdsAdminAddress(deps, user)) throw conflict(ADMIN_ADDRESS_HELD, ADMIN_ADDRESS_HELD_MESSAGE);
    if (isAdminAddress(body.email!, deps.config.ADMIN_EMAIL))
      throw conflict(ADMIN_ADDRESS_RESERVED, ADMIN_ADDRESS_RESERVED_MESSAGE);
    await reserveEmail(deps, body.email!, id, meta);
  }
  if (changes.uid) {
    const taken = await deps.db('users').where({ uid: changes.uid }).whereNot({ id }).first('id');
    if (taken) throw conflict('member_id_taken', 'This member id is already taken.');
    await handleCommand(
      deps.store,
      memberIdStream(changes.uid),
      reservationDecider,
      { type: 'ReserveMemberId', userId: id },
      reservationMeta,
    );
  }
  let position: string | null;
  try {
    if (body.newsletter !== undefined && body.newsletter !== user.newsletter)
      await setMailingList(deps, user, body.newsletter);
    // one command, one append: every event of the change is decided together
    const result = await handleCommand(
      deps.store,
      userStream(id),
      userDecider,
      {
        type: 'AdminEdit',
        actorId: actor.id,
        changes: Object.keys(changes).length ? changes : undefined,
        locked: body.isLocked,
        admin: body.isAdmin,
        newsletter: body.newsletter,
      },
      meta,
    );
    position = result.position;
  } catch (error) {
    // the new address was reserved for a change that did not happen: free it again
    if (emailChanged) await releaseEmail(deps, body.email!, id, meta).catch(() => undefined);
    throw error;
  }
  if (emailChanged) {
    await releaseEmail(deps, user.email, id, meta).catch((error) =>
      deps.logger.warn({ err: error, userId: id }, 'old e-mail reservation not released'),
    );
    // the mailing list follows the new address (worker job, through the Mailchimp gateway)
    if (position) await enqueueMemberEmailChange(deps, { userId: id, from: user.email, position });
  }
  if (body.isLocked === true) await deps.sessions.revokeUser(id);
  await settle(deps, position);
  // step 1 of the foundation follows the newsletter
  if (body.newsletter !== undefined && body.newsletter !== user.newsletter)
    await settle(deps, (await alignNewsletterStep(deps.store, id, meta)).position);
}

export async function resetPassword(deps: Deps, id: string, newPassword: string, meta: CommandMetadata) {
  await mustFind(deps, id);
  refuseCommonPassword(newPassword, 'newPassword');
  const passwordHash = await deps.passwords.hash(newPassword);
  const result = await handleCommand(
    deps.store,
    userStream(id),
    userDecider,
    { type: 'IssueTemporaryPassword', passwordHash },
    meta,
  );
  await deps.sessions.revokeUser(id);
  await settle(deps, result.position);
}

export async function resetTraining(deps: Deps, id: string, meta: CommandMetadata) {
  await mustFind(deps, id);
  await resetTrainingKeepingNewsletter(deps, id, meta);
}

/** Removes the member from the mailing list for good (through the gateway); nothing is deleted if it fails. */
async function forgetMailingMember(deps: Deps, email: string) {
  try {
    await createNewsletter(deps).forget(email);
  } catch (error) {
    if (!(error instanceof NewsletterError)) throw error;
    throw new DomainError(
      'unavailable',
      'mailing_service_failed',
      `The mailing service could not remove the member (${error.status ?? 'no answer'}). Nothing was deleted.`,
    );
  }
}

const ignoreDeleted = (error: unknown) => {
  if (!(error instanceof StreamDeleted)) throw error;
};

/**
 * Deletes an account: the mailing-list member first (if that fails nothing changes), then
 * sessions, then UserDeleted on `Deletion-<id>` (each projection drops the user's rows from the
 * tables it owns — users, onboarding_progress, academy_tutorials, partner_directory,
 * funnel_members, coaching — and the audit log erases personal data), then the user's streams
 * (account, sign-ins, onboarding, tutorial, coaching: nudge notes, the reminders' time zone) are
 * tombstoned (their events are erased) and the e-mail reservation released. Only the rows
 * no projection owns are removed here: the mail outbox (written by the mail sender), the
 * mailing-sync job's state tables and the demo mailing list.
 */
export async function deleteUser(deps: Deps, actor: UserRecord, id: string, meta: CommandMetadata) {
  if (id === actor.id) throw invalid('cannot_delete_self', 'You cannot delete your own account');
  const user = await mustFind(deps, id);
  if (holdsAdminAddress(deps, user)) throw conflict(ADMIN_ADDRESS_HELD, ADMIN_ADDRESS_HELD_MESSAGE);
  await forgetMailingMember(deps, user.email);
  await deps.sessions.revokeUser(id);
  const result = await handleCommand(
    deps.store,
    deletionStream(id),
    deletionDecider,
    { type: 'Delete', userId: id },
    meta,
  );
  await settle(deps, result.position);
  const streams = [
    userStream(id),
    signInStream(id),
    onboardingStream(id),
    tutorialStream(id),
    coachingStream(id),
  ];
  for (const stream of streams) {
    await deps.store.tombstoneStream(stream).catch(ignoreDeleted);
  }
  await releaseEmail(deps, user.email, id, meta);
  await deps.db.transaction(async (trx) => {
    await trx('mail_outbox').where({ user_id: id }).delete();
    await trx('sync_run_items').where({ user_id: id }).orWhere({ email: user.email.toLowerCase() }).delete();
    await trx('sync_runs').where({ requested_by: id }).update({ requested_by: null });
    await trx('newsletter_demo_members').where({ email_lower: user.email.toLowerCase() }).delete();
  });
}

export type BulkAction = 'lock' | 'unlock' | 'subscribe' | 'unsubscribe';

export async function bulkUsers(
  deps: Deps,
  actor: UserRecord,
  ids: string[],
  action: BulkAction,
  meta: CommandMetadata,
) {
  const failed: { id: string; error: string; message: string }[] = [];
  let updated = 0;
  let unchanged = 0;
  let position: string | null = null;
  const unique = [...new Set(ids)];
  let next = 0;
  const work = async () => {
    while (next < unique.length) {
      const id = unique[next++];
      try {
        const user = await mustFind(deps, id);
        const lock = action === 'lock' || action === 'unlock';
        const command: Extract<UserCommand, { type: 'AdminEdit' }> = lock
          ? { type: 'AdminEdit', actorId: actor.id, locked: action === 'lock' }
          : { type: 'AdminEdit', actorId: actor.id, newsletter: action === 'subscribe' };
        if (command.newsletter !== undefined && user.newsletter !== command.newsletter)
          await setMailingList(deps, user, command.newsletter);
        const result = await handleCommand(deps.store, userStream(id), userDecider, command, {
          ...meta,
          idempotencyKey: undefined,
        });
        if (!lock && result.events.length)
          position = later(position, (await alignNewsletterStep(deps.store, id, meta)).position);
        if (result.events.length) updated++;
        else unchanged++;
        position = later(position, result.position);
        if (action === 'lock') await deps.sessions.revokeUser(id);
      } catch (error) {
        if (error instanceof DomainError) failed.push({ id, error: error.code, message: error.message });
        else {
          deps.logger.error({ err: error, userId: id, action }, 'bulk admin action failed');
          failed.push({ id, error: 'internal', message: 'Operation failed. Please try again.' });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, unique.length) }, work));
  await settle(deps, position);
  return { updated, unchanged, failed };
}

/**
 * The one way the fixed admin address changes hands: it moves to another admin account (the
 * `to` account must have the admin flag and be unlocked), whose former address is released; the
 * previous holder, if any, signs in with `formerHolderEmail` from then on and keeps only its own
 * admin flag. Every step is an event with the acting admin; the new holder's `AdminGranted`
 * (via `address`) names the previous holder.
 */
export async function transferAdminAddress(
  deps: Deps,
  toId: string,
  formerHolderEmail: string | undefined,
  meta: CommandMetadata,
) {
  const adminEmail = deps.config.ADMIN_EMAIL;
  const target = await mustFind(deps, toId);
  if (holdsAdminAddress(deps, target))
    throw conflict('already_admin_address_holder', 'This account already holds the fixed admin address.');
  if (!target.isAdmin || target.isLocked) {
    const message = 'The admin address can only go to an unlocked account with admin rights.';
    throw invalid('not_an_admin', message);
  }
  const holder = await findUserByEmail(deps.db, adminEmail);
  const step = (i: number) => ({
    ...meta,
    idempotencyKey: meta.idempotencyKey && `${meta.idempotencyKey}:${i}`,
  });
  let position: string | null = null;
  if (holder) {
    if (!formerHolderEmail) {
      const message = 'Give the new sign-in address of the account that holds the admin address now.';
      throw invalid('former_holder_email_required', message, { formerHolderEmail: message });
    }
    if (isAdminAddress(formerHolderEmail, adminEmail))
      throw invalid(ADMIN_ADDRESS_RESERVED, ADMIN_ADDRESS_RESERVED_MESSAGE, {
        formerHolderEmail: ADMIN_ADDRESS_RESERVED_MESSAGE,
      });
    await reserveEmail(deps, formerHolderEmail, holder.id, meta);
    const moved = await handleCommand(
      deps.store,
      userStream(holder.id),
      userDecider,
      { type: 'EditDetails', changes: { email: formerHolderEmail } },
      step(0),
    );
    position = later(position, moved.position);
    await releaseEmail(deps, adminEmail, holder.id, meta);
  }
  await reserveEmail(deps, adminEmail, toId, meta);
  const taken = await handleCommand(
    deps.store,
    userStream(toId),
    userDecider,
    { type: 'TakeAdminAddress', email: adminEmail, fromUserId: holder?.id ?? null },
    step(1),
  );
  position = later(position, taken.position);
  await releaseEmail(deps, target.email, toId, meta).catch((error) =>
    deps.logger.warn({ err: error, userId: toId }, 'old e-mail reservation not released'),
  );
  deps.logger.info({ toUserId: toId, fromUserId: holder?.id ?? null }, 'fixed admin address transferred');
  await settle(deps, position);
}
