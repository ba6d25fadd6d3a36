import { z } from 'zod';
import { defineEvent } from '../core/events';

/**
 * Events of the user stream `User-<userId>`. Every change to an account is one of these, with
 * the acting user in the metadata. Password hashes live only in events and the users read
 * model; the audit log never shows them. `UserDeleted` is recorded on `Deletion-<userId>`
 * because the user stream itself is erased. `UserSignedIn` is recorded on `SignIns-<userId>`, so
 * the user stream stays short (older databases also hold it on `User-<userId>`).
 */
const newsletterSource = z.enum(['self', 'registration', 'admin', 'sync', 'seed']);

export const UserRegistered = defineEvent({
  type: 'UserRegistered',
  schema: z.object({
    userId: z.string(),
    uid: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    passwordHash: z.string(),
    sponsorId: z.string().nullable(),
    isAdmin: z.boolean().default(false),
    mustChangePassword: z.boolean().default(false),
    source: z.enum(['self', 'bootstrap', 'seed', 'admin']),
    /** when the account was opened, for imported or seeded history (ISO); the event's time otherwise */
    registeredAt: z.string().optional(),
  }),
  summary: (d) => `Account created (${d.source})`,
  personal: ['firstName', 'lastName', 'email'],
});

export const UserSignedIn = defineEvent({
  type: 'UserSignedIn',
  schema: z.object({ at: z.string() }),
  summary: () => 'Signed in',
});

export const PasswordChanged = defineEvent({
  type: 'PasswordChanged',
  schema: z.object({
    passwordHash: z.string(),
    /** `reset`: set with a forgotten-password link */
    reason: z.enum(['self', 'forced', 'rehash', 'reset']),
  }),
  summary: (d) =>
    d.reason === 'rehash'
      ? 'Password hash upgraded'
      : d.reason === 'forced'
        ? 'Temporary password replaced'
        : d.reason === 'reset'
          ? 'Password changed with a forgotten-password link'
          : 'Password changed',
});

/**
 * A forgotten-password link was sent: only the sha256 of its token is kept, with its end of
 * validity. A newer link replaces an older one; a password change of any kind ends it.
 */
export const PasswordResetRequested = defineEvent({
  type: 'PasswordResetRequested',
  schema: z.object({ tokenHash: z.string(), expiresAt: z.string() }),
  summary: () => 'Forgotten-password link sent by e-mail',
});
/** The link was used (followed by PasswordChanged with reason `reset`). */
export const PasswordResetCompleted = defineEvent({
  type: 'PasswordResetCompleted',
  schema: z.object({}),
  summary: () => 'Forgotten-password link used',
});

export const TemporaryPasswordIssued = defineEvent({
  type: 'TemporaryPasswordIssued',
  schema: z.object({ passwordHash: z.string() }),
  summary: () => 'Password reset by an admin; must be changed at next sign-in',
});

export const ProfileUpdated = defineEvent({
  type: 'ProfileUpdated',
  schema: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string().nullable(),
    smsOptIn: z.boolean(),
  }),
  summary: () => 'Profile updated',
  personal: ['firstName', 'lastName', 'phoneNumber'],
});

export const UserDetailsEdited = defineEvent({
  type: 'UserDetailsEdited',
  schema: z.object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    email: z.string().optional(),
    uid: z.string().optional(),
    sponsorId: z.string().nullable().optional(),
  }),
  summary: (d) => `Details edited: ${Object.keys(d).join(', ')}`,
  personal: ['firstName', 'lastName', 'email'],
});

export const UserLocked = defineEvent({
  type: 'UserLocked',
  schema: z.object({}),
  summary: () => 'Account locked',
});
export const UserUnlocked = defineEvent({
  type: 'UserUnlocked',
  schema: z.object({}),
  summary: () => 'Account unlocked',
});
/**
 * Every grant of admin rights, with the acting admin in the metadata (none: the system):
 * `flag` set by an admin, the `bootstrap` admin, a `seed`ed admin, or the fixed admin
 * `address` transferred to this account (`fromUserId`: its previous holder, if any).
 * Older events carry no `via`.
 */
const adminGrantVia = z.enum(['flag', 'bootstrap', 'seed', 'address']);
export const AdminGranted = defineEvent({
  type: 'AdminGranted',
  schema: z.object({
    via: adminGrantVia.optional(),
    fromUserId: z.string().nullable().optional(),
  }),
  summary: (d) => (d.via ? `Made admin (${d.via})` : 'Made admin'),
});
export const AdminRevoked = defineEvent({
  type: 'AdminRevoked',
  schema: z.object({}),
  summary: () => 'Admin rights removed',
});

/**
 * An admin account's sign-ins from one client address were paused after repeated failures
 * (the first wait of a series): the admins' notice in the audit log (issue 13).
 */
export const AdminSignInLockout = defineEvent({
  type: 'AdminSignInLockout',
  schema: z.object({ failures: z.number().int(), waitSeconds: z.number().int(), ip: z.string() }),
  summary: (d) => `Admin sign-ins from ${d.ip} paused after ${d.failures} failed attempts`,
});

export const NewsletterSubscribed = defineEvent({
  type: 'NewsletterSubscribed',
  schema: z.object({ source: newsletterSource }),
  summary: (d) => `Subscribed to the newsletter (${d.source})`,
});
export const NewsletterUnsubscribed = defineEvent({
  type: 'NewsletterUnsubscribed',
  schema: z.object({ source: newsletterSource }),
  summary: (d) => `Unsubscribed from the newsletter (${d.source})`,
});

export const PreferredLanguageChanged = defineEvent({
  type: 'PreferredLanguageChanged',
  schema: z.object({ language: z.enum(['en', 'es', 'fr']) }),
  summary: (d) => `Language set to ${d.language}`,
});

/** The personal calendar feed address was replaced: the old one stops working. */
export const CalendarLinkRotated = defineEvent({
  type: 'CalendarLinkRotated',
  schema: z.object({}),
  summary: () => 'Calendar feed link replaced; the old link stopped working',
});

const UserDeleted = defineEvent({
  type: 'UserDeleted',
  schema: z.object({ userId: z.string() }),
  summary: () => 'Account deleted; personal data erased',
});

/**
 * Reservations that make e-mails and member ids unique without a race: stream
 * `Email-<sha256 of the lower-cased e-mail>` / `MemberId-<uid>`, appended with an expected
 * revision before `UserRegistered`. The e-mail itself is not stored (only its hash names the
 * stream). A released e-mail (address changed, account deleted) can be reserved again.
 */
export const EmailReserved = defineEvent({
  type: 'EmailReserved',
  schema: z.object({ userId: z.string() }),
  summary: () => 'E-mail address reserved',
});
export const EmailReleased = defineEvent({
  type: 'EmailReleased',
  schema: z.object({ userId: z.string() }),
  summary: () => 'E-mail address released',
});
export const MemberIdReserved = defineEvent({
  type: 'MemberIdReserved',
  schema: z.object({ userId: z.string() }),
  summary: () => 'Member id reserved',
});

/**
 * The bootstrap admin is made once in the life of a database (stream `AdminBootstrap-once`):
 * `created` when the start-up created it, `found` when the fixed address already had a history
 * (a database from before this record). Never again after either, whatever happens to the account.
 */
export const AdminBootstrapped = defineEvent({
  type: 'AdminBootstrapped',
  schema: z.object({ userId: z.string().nullable(), outcome: z.enum(['created', 'found']) }),
  summary: (d) =>
    d.outcome === 'created'
      ? 'Bootstrap admin created (once for this database)'
      : 'Bootstrap admin recorded as done (the admin address already had an account)',
});

export const authEvents = [
  UserRegistered,
  UserSignedIn,
  PasswordChanged,
  TemporaryPasswordIssued,
  ProfileUpdated,
  UserDetailsEdited,
  UserLocked,
  UserUnlocked,
  AdminGranted,
  AdminRevoked,
  AdminSignInLockout,
  NewsletterSubscribed,
  NewsletterUnsubscribed,
  PreferredLanguageChanged,
  CalendarLinkRotated,
  PasswordResetRequested,
  PasswordResetCompleted,
  UserDeleted,
  EmailReserved,
  EmailReleased,
  MemberIdReserved,
  AdminBootstrapped,
] as const;
