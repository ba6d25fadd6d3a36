import type { EventOf } from '@portal/contracts';
import type * as E from '@portal/contracts/auth/events';
import type * as F from '@portal/contracts/secondFactor/events';
import type { Decider } from '../decider';
import { conflict, invalid, notFound } from '../errors';

/** The user aggregate (stream `User-<id>`): account, credentials, flags and newsletter. */
export type UserEvent =
  | EventOf<typeof E.UserRegistered>
  /** only in older streams: sign-ins are recorded on `SignIns-<id>` now (signIns.ts); folding ignores them */
  | EventOf<typeof E.UserSignedIn>
  | EventOf<typeof E.PasswordChanged>
  | EventOf<typeof E.TemporaryPasswordIssued>
  | EventOf<typeof E.ProfileUpdated>
  | EventOf<typeof E.UserDetailsEdited>
  | EventOf<typeof E.UserLocked>
  | EventOf<typeof E.UserUnlocked>
  | EventOf<typeof E.AdminGranted>
  | EventOf<typeof E.AdminRevoked>
  | EventOf<typeof E.AdminSignInLockout>
  | EventOf<typeof E.NewsletterSubscribed>
  | EventOf<typeof E.NewsletterUnsubscribed>
  | EventOf<typeof E.PreferredLanguageChanged>
  | EventOf<typeof E.CalendarLinkRotated>
  | EventOf<typeof E.PasswordResetRequested>
  | EventOf<typeof E.PasswordResetCompleted>
  | EventOf<typeof F.SecondFactorEnrolled>
  | EventOf<typeof F.SecondFactorVerified>
  | EventOf<typeof F.RecoveryCodeUsed>
  | EventOf<typeof F.SecondFactorLockout>
  | EventOf<typeof F.SecondFactorReset>;

type NewsletterSource = EventOf<typeof E.NewsletterSubscribed>['data']['source'];

export interface UserState {
  exists: boolean;
  /** the account's id (from its registration) */
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  uid: string;
  sponsorId: string | null;
  passwordHash: string;
  isAdmin: boolean;
  isLocked: boolean;
  newsletter: boolean;
  mustChangePassword: boolean;
  phoneNumber: string | null;
  smsOptIn: boolean;
  language: 'en' | 'es' | 'fr' | null;
  /** the pending forgotten-password link (sha256 of its token), if any */
  passwordReset: { tokenHash: string; expiresAt: string } | null;
  /** the TOTP second factor: encrypted secret, hashes of unused recovery codes, last step used */
  secondFactor: { secret: string; recoveryCodeHashes: string[]; lastStep: number } | null;
}

export type UserCommand =
  | { type: 'Register'; data: EventOf<typeof E.UserRegistered>['data']; newsletter: boolean }
  | { type: 'ChangePassword'; passwordHash: string; reason: 'self' | 'forced' | 'rehash' }
  /** a forgotten-password link: only the hash of its token is kept */
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string }
  /** the link's token (hashed) sets a new password, once, before it expires */
  | { type: 'CompletePasswordReset'; tokenHash: string; passwordHash: string; now: string }
  | { type: 'IssueTemporaryPassword'; passwordHash: string }
  | {
      type: 'UpdateProfile';
      firstName: string;
      lastName: string;
      phoneNumber: string | null;
      smsOptIn: boolean;
    }
  | { type: 'EditDetails'; changes: EventOf<typeof E.UserDetailsEdited>['data'] }
  | { type: 'SetLocked'; locked: boolean }
  | { type: 'SetAdmin'; admin: boolean }
  /**
   * An admin's change of an account, decided and appended at once: the details that differ,
   * then lock, admin flag and newsletter (each only when given and different). `actorId` is the
   * admin: nobody locks or demotes themself.
   */
  | {
      type: 'AdminEdit';
      actorId: string;
      changes?: EventOf<typeof E.UserDetailsEdited>['data'];
      locked?: boolean;
      admin?: boolean;
      newsletter?: boolean;
    }
  /** the fixed admin address moves to this account (an audited transfer; see adminAddress.ts) */
  | { type: 'TakeAdminAddress'; email: string; fromUserId: string | null }
  | { type: 'RecordAdminLockout'; failures: number; waitSeconds: number; ip: string }
  | { type: 'SetNewsletter'; subscribed: boolean; source: NewsletterSource }
  | { type: 'SetLanguage'; language: 'en' | 'es' | 'fr' }
  /** a new personal calendar feed address; the old one stops */
  | { type: 'RotateCalendarLink' }
  /** `secret` is already encrypted; `step` is the time step of the confirming code */
  | { type: 'EnrolSecondFactor'; secret: string; recoveryCodeHashes: string[]; step: number }
  /** a correct code of time step `step` (checked by the caller, who holds the key) */
  | { type: 'VerifySecondFactor'; step: number }
  | { type: 'UseRecoveryCode'; codeHash: string }
  | { type: 'RecordSecondFactorLockout'; failures: number; waitSeconds: number; ip: string }
  | { type: 'ResetSecondFactor'; by: 'admin' | 'self' };

export const userStream = (userId: string) => `User-${userId}`;

/** The one answer for a used, expired, replaced or unknown forgotten-password link. */
export const RESET_LINK_INVALID = 'reset_link_invalid';
export const RESET_LINK_MESSAGE = 'This link is no longer valid. Please ask for a new one.';
/** Error ids of the second factor (the clients translate them). */
export const INVALID_CODE = 'invalid_code';
export const CODE_USED = 'code_already_used';
const NOT_ENROLLED = 'second_factor_not_enrolled';
const NOT_ENROLLED_MESSAGE = 'No second factor is set up for this account.';

/** Error ids of an admin's change of their own account. */
const CANNOT_LOCK_SELF = 'cannot_lock_self';
const CANNOT_DEMOTE_SELF = 'cannot_demote_self';

/**
 * The rule that an admin cannot lock themself out or take away their own admin rights (the
 * one owner of it: `decide` applies it; a caller with outside effects may ask it first).
 */
export function refuseSelfLockout(
  actorId: string,
  userId: string,
  change: { locked?: boolean; admin?: boolean },
): void {
  if (actorId !== userId) return;
  if (change.locked === true)
    throw invalid(CANNOT_LOCK_SELF, 'You cannot lock your own account', {
      isLocked: 'You cannot lock your own account',
    });
  if (change.admin === false)
    throw invalid(CANNOT_DEMOTE_SELF, 'You cannot remove your own admin rights', {
      isAdmin: 'You cannot remove your own admin rights',
    });
}

/** The events of an admin's change, each part decided on the state the earlier parts left. */
function decideAdminEdit(command: Extract<UserCommand, { type: 'AdminEdit' }>, state: UserState) {
  refuseSelfLockout(command.actorId, state.userId, command);
  const parts: UserCommand[] = [];
  if (command.changes) parts.push({ type: 'EditDetails', changes: command.changes });
  if (command.locked !== undefined) parts.push({ type: 'SetLocked', locked: command.locked });
  if (command.admin !== undefined) parts.push({ type: 'SetAdmin', admin: command.admin });
  if (command.newsletter !== undefined)
    parts.push({ type: 'SetNewsletter', subscribed: command.newsletter, source: 'admin' });
  const events: UserEvent[] = [];
  let current = state;
  for (const part of parts) {
    for (const event of decide(part, current)) {
      events.push(event);
      current = evolve(current, event);
    }
  }
  return events;
}

const initialState = (): UserState => ({
  exists: false,
  userId: '',
  email: '',
  firstName: '',
  lastName: '',
  uid: '',
  sponsorId: null,
  passwordHash: '',
  isAdmin: false,
  isLocked: false,
  newsletter: false,
  mustChangePassword: false,
  phoneNumber: null,
  smsOptIn: false,
  language: null,
  passwordReset: null,
  secondFactor: null,
});

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        userId: d.userId,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        uid: d.uid,
        sponsorId: d.sponsorId,
        passwordHash: d.passwordHash,
        isAdmin: d.isAdmin,
        mustChangePassword: d.mustChangePassword,
      };
    }
    case 'PasswordChanged':
      // any new password ends a pending forgotten-password link
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        mustChangePassword: false,
        passwordReset: event.data.reason === 'rehash' ? state.passwordReset : null,
      };
    case 'TemporaryPasswordIssued':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        mustChangePassword: true,
        passwordReset: null,
      };
    case 'PasswordResetRequested':
      return { ...state, passwordReset: { ...event.data } };
    case 'PasswordResetCompleted':
      return { ...state, passwordReset: null };
    case 'PreferredLanguageChanged':
      return { ...state, language: event.data.language };
    case 'ProfileUpdated':
      return { ...state, ...event.data };
    case 'UserDetailsEdited':
      return { ...state, ...event.data };
    case 'UserLocked':
      return { ...state, isLocked: true };
    case 'UserUnlocked':
      return { ...state, isLocked: false };
    case 'AdminGranted':
      return { ...state, isAdmin: true };
    case 'AdminRevoked':
      return { ...state, isAdmin: false };
    case 'NewsletterSubscribed':
      return { ...state, newsletter: true };
    case 'NewsletterUnsubscribed':
      return { ...state, newsletter: false };
    case 'SecondFactorEnrolled': {
      const { secret, recoveryCodeHashes, step } = event.data;
      return { ...state, secondFactor: { secret, recoveryCodeHashes, lastStep: step } };
    }
    case 'SecondFactorVerified':
      return state.secondFactor
        ? { ...state, secondFactor: { ...state.secondFactor, lastStep: event.data.step } }
        : state;
    case 'RecoveryCodeUsed':
      return state.secondFactor
        ? {
            ...state,
            secondFactor: {
              ...state.secondFactor,
              recoveryCodeHashes: state.secondFactor.recoveryCodeHashes.filter(
                (h) => h !== event.data.codeHash,
              ),
            },
          }
        : state;
    case 'SecondFactorReset':
      return { ...state, secondFactor: null };
    default:
      return state;
  }
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'Register') {
    if (state.exists) throw conflict('user_exists', 'This account already exists');
    const events: UserEvent[] = [{ type: 'UserRegistered', data: command.data }];
    // every grant of admin rights is an event of its own (the audit's "Made admin" lines)
    if (command.data.isAdmin) {
      const via =
        command.data.source === 'bootstrap' || command.data.source === 'seed' ? command.data.source : 'flag';
      events.push({ type: 'AdminGranted', data: { via } });
    }
    if (command.newsletter) events.push({ type: 'NewsletterSubscribed', data: { source: 'registration' } });
    return events;
  }
  if (!state.exists) throw notFound('user_not_found', 'User not found');
  switch (command.type) {
    case 'ChangePassword':
      return [
        { type: 'PasswordChanged', data: { passwordHash: command.passwordHash, reason: command.reason } },
      ];
    case 'IssueTemporaryPassword':
      return [{ type: 'TemporaryPasswordIssued', data: { passwordHash: command.passwordHash } }];
    case 'UpdateProfile': {
      const { type: _type, ...profile } = command;
      const same =
        profile.firstName === state.firstName &&
        profile.lastName === state.lastName &&
        profile.phoneNumber === state.phoneNumber &&
        profile.smsOptIn === state.smsOptIn;
      if (profile.smsOptIn && !profile.phoneNumber) {
        throw invalid('phone_required', 'Phone number is required when SMS notifications are enabled.', {
          phoneNumber: 'Phone number is required when SMS notifications are enabled.',
        });
      }
      return same ? [] : [{ type: 'ProfileUpdated', data: profile }];
    }
    case 'EditDetails': {
      const changed = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([k, v]) => v !== undefined && state[k as keyof UserState] !== v,
        ),
      );
      return Object.keys(changed).length ? [{ type: 'UserDetailsEdited', data: changed }] : [];
    }
    case 'SetLocked':
      if (command.locked === state.isLocked) return [];
      return [{ type: command.locked ? 'UserLocked' : 'UserUnlocked', data: {} }];
    case 'SetAdmin':
      if (command.admin === state.isAdmin) return [];
      return [
        command.admin ? { type: 'AdminGranted', data: { via: 'flag' } } : { type: 'AdminRevoked', data: {} },
      ];
    case 'AdminEdit':
      return decideAdminEdit(command, state);
    case 'TakeAdminAddress':
      if (!state.isAdmin)
        throw invalid('not_an_admin', 'The admin address can only go to an account with admin rights.');
      if (state.isLocked) throw invalid('account_locked', 'The admin address cannot go to a locked account.');
      return [
        { type: 'UserDetailsEdited', data: { email: command.email } },
        { type: 'AdminGranted', data: { via: 'address', fromUserId: command.fromUserId } },
      ];
    case 'RecordAdminLockout': {
      const { failures, waitSeconds, ip } = command;
      return [{ type: 'AdminSignInLockout', data: { failures, waitSeconds, ip } }];
    }
    case 'SetNewsletter':
      if (command.subscribed === state.newsletter) return [];
      return [
        command.subscribed
          ? { type: 'NewsletterSubscribed', data: { source: command.source } }
          : { type: 'NewsletterUnsubscribed', data: { source: command.source } },
      ];
    case 'SetLanguage':
      if (command.language === state.language) return [];
      return [{ type: 'PreferredLanguageChanged', data: { language: command.language } }];
    case 'RequestPasswordReset':
      if (state.isLocked || state.passwordReset?.tokenHash === command.tokenHash) return [];
      return [
        {
          type: 'PasswordResetRequested',
          data: { tokenHash: command.tokenHash, expiresAt: command.expiresAt },
        },
      ];
    case 'CompletePasswordReset': {
      const reset = state.passwordReset;
      if (
        !reset ||
        state.isLocked ||
        reset.tokenHash !== command.tokenHash ||
        Date.parse(command.now) >= Date.parse(reset.expiresAt)
      )
        throw invalid(RESET_LINK_INVALID, RESET_LINK_MESSAGE);
      return [
        { type: 'PasswordResetCompleted', data: {} },
        { type: 'PasswordChanged', data: { passwordHash: command.passwordHash, reason: 'reset' } },
      ];
    }
    case 'RotateCalendarLink':
      return [{ type: 'CalendarLinkRotated', data: {} }];
    case 'EnrolSecondFactor': {
      if (state.secondFactor)
        throw conflict('second_factor_enrolled', 'A second factor is already set up for this account.');
      const { secret, recoveryCodeHashes, step } = command;
      return [{ type: 'SecondFactorEnrolled', data: { method: 'totp', secret, recoveryCodeHashes, step } }];
    }
    case 'VerifySecondFactor':
      if (!state.secondFactor) throw conflict(NOT_ENROLLED, NOT_ENROLLED_MESSAGE);
      // each code works once: a code of a step already used (or older) is a replay
      if (command.step <= state.secondFactor.lastStep)
        throw invalid(CODE_USED, 'This code was already used. Wait for the next code from your app.', {
          code: 'This code was already used. Wait for the next code from your app.',
        });
      return [{ type: 'SecondFactorVerified', data: { step: command.step } }];
    case 'UseRecoveryCode': {
      if (!state.secondFactor) throw conflict(NOT_ENROLLED, NOT_ENROLLED_MESSAGE);
      const left = state.secondFactor.recoveryCodeHashes.filter((h) => h !== command.codeHash);
      if (left.length === state.secondFactor.recoveryCodeHashes.length)
        throw invalid(INVALID_CODE, 'This recovery code is not valid or was already used.', {
          recoveryCode: 'This recovery code is not valid or was already used.',
        });
      return [{ type: 'RecoveryCodeUsed', data: { codeHash: command.codeHash, left: left.length } }];
    }
    case 'RecordSecondFactorLockout': {
      const { failures, waitSeconds, ip } = command;
      return [{ type: 'SecondFactorLockout', data: { failures, waitSeconds, ip } }];
    }
    case 'ResetSecondFactor':
      if (!state.secondFactor) throw conflict(NOT_ENROLLED, NOT_ENROLLED_MESSAGE);
      return [{ type: 'SecondFactorReset', data: { by: command.by } }];
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, evolve, decide };
