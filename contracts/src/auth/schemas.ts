import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  passwordBytes,
} from './endpoints';
import { secondFactorStatus } from '../secondFactor/schemas';

/** Zero-width characters, bidirectional controls and other format characters (Unicode Cf). */
const INVISIBLE = /[\p{Cf}\s]/gu;

/** true when the text shows something: not only spaces, zero-width or bidi-control characters */
const hasVisibleText = (s: string) => s.replace(INVISIBLE, '').length > 0;

/** A language of the portal's pages and e-mails. */
export const languageCode = z.enum(['en', 'es', 'fr']);

/** A person's name: trimmed, 1..100 characters, at least one visible character. */
export const personName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(100, 'At most 100 characters')
  .refine(hasVisibleText, 'Please enter a name with visible letters');

/** An e-mail address: trimmed, lower-cased, e-mail format, at most 254 characters. */
export const emailAddress = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'At most 254 characters')
  .toLowerCase()
  .pipe(z.email({ pattern: EMAIL_PATTERN, message: 'Invalid email address' }));

/** A new password: at least 6 characters, at most 72 UTF-8 bytes (bcrypt ignores the rest). */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(PASSWORD_MAX_BYTES, 'Password must be at most 72 bytes')
  .refine((s) => passwordBytes(s) <= PASSWORD_MAX_BYTES, { message: 'Password must be at most 72 bytes' });

/**
 * A password offered for checking (login, current password): required, and bounded so an
 * over-long value never reaches bcrypt. No minimum: an old short password still gets the
 * normal "wrong password" answer.
 */
const givenPassword = z
  .string()
  .min(1, 'Required')
  .max(PASSWORD_MAX_BYTES, 'Password must be at most 72 bytes')
  .refine((s) => passwordBytes(s) <= PASSWORD_MAX_BYTES, { message: 'Password must be at most 72 bytes' });

const isoDateTime = z.iso.datetime({ offset: true });

/** The signed-in user as the server describes it (GET /api/me and every `{user}` answer). */
export const user = z.object({
  id: z.string(),
  /** short human-readable member id, unique */
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  sponsorId: z.string().nullable(),
  sponsorName: z.string().nullable(),
  /** computed on the server: the admin flag or the configured admin e-mail; the client only displays by it */
  isAdmin: z.boolean(),
  isLocked: z.boolean(),
  newsletter: z.boolean(),
  mustChangePassword: z.boolean(),
  phoneNumber: z.string().nullable(),
  smsOptIn: z.boolean(),
  preferredLanguage: languageCode.nullable().optional(),
  lastLoginAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** this session's second factor (issue 13): what it still owes before full rights */
  secondFactor: secondFactorStatus.optional(),
});
export type User = z.infer<typeof user>;

/** One entry of the sponsor picker. */
const sponsorItem = z.object({
  id: z.string(),
  uid: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SponsorItem = z.infer<typeof sponsorItem>;

// ---- request bodies (unknown keys refused: no mass assignment) ----

export const loginBody = z.strictObject({
  email: emailAddress,
  password: givenPassword,
});

export const registerBody = z.strictObject({
  firstName: personName,
  lastName: personName,
  email: emailAddress,
  password: newPassword,
  newsletter: z.boolean().default(true),
  sponsorId: z.string().trim().min(1, 'Please select a sponsor').max(100),
});

export const verifyPasscodeBody = z.strictObject({
  passcode: z.string().trim().min(1, 'Required').max(200),
});

export const resetRequiredPasswordBody = z.strictObject({
  newPassword: newPassword.refine((s) => s !== '123456', {
    message: 'Please choose a more secure password.',
  }),
});

export const changePasswordBody = z.strictObject({
  currentPassword: givenPassword,
  newPassword,
});

export const updateProfileBody = z
  .strictObject({
    firstName: personName,
    lastName: personName,
    /** trimmed; blank means none */
    phoneNumber: z
      .string()
      .trim()
      .max(40, 'At most 40 characters')
      .nullable()
      .transform((s) => (s === '' ? null : s)),
    smsOptIn: z.boolean(),
  })
  .refine((b) => !b.smsOptIn || b.phoneNumber !== null, {
    message: 'Phone number is required when SMS notifications are enabled.',
    path: ['phoneNumber'],
  });

export const setLanguageBody = z.strictObject({ language: languageCode });

export const requestPasswordResetBody = z.strictObject({
  email: emailAddress,
  /** the language of the page that asks: the mail's, when the account has none stored */
  language: languageCode.optional(),
});

/** The token of a forgotten-password link: `<user id>.<43 base64url characters>`. */
export const completePasswordResetBody = z.strictObject({
  token: z
    .string()
    .trim()
    .max(200)
    .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, 'This link is not valid. Please ask for a new one.'),
  newPassword,
});

// ---- responses ----

export const userEnvelope = z.object({ user });
/** GET /api/session: the signed-in user, or null (signed out, expired or locked). */
export const sessionResponse = z.object({ user: user.nullable() });
export const verifyPasscodeResponse = z.object({ valid: z.boolean() });
export const sponsorsResponse = z.object({ sponsors: z.array(sponsorItem) });
export const changePasswordResponse = z.object({ success: z.boolean(), message: z.string() });
export const logoutResponse = z.object({ success: z.boolean() });
export const messageResponse = z.object({ message: z.string() });
