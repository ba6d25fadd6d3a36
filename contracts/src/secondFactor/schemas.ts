import { z } from 'zod';
import { TOTP_DIGITS } from './endpoints';

/** A code from an authenticator app: digits only (spaces the user typed are dropped). */
const totpCode = z
  .string()
  .max(20, 'Enter the 6-digit code from your authenticator app')
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), 'Enter the 6-digit code from your authenticator app'),
  );

/** A recovery code as printed (`XXXXX-XXXXX`); case, spaces and dashes do not matter. */
const recoveryCode = z
  .string()
  .max(40, 'Enter one of your recovery codes')
  .transform((s) => s.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-Z]{10}$/, 'Enter one of your recovery codes'));

export const codeBody = z.strictObject({ code: totpCode });
export const recoverBody = z.strictObject({ recoveryCode });

/** Where the signed-in session stands with its second factor (part of every `user` answer). */
export const secondFactorStatus = z.object({
  /** the account has a second factor */
  enrolled: z.boolean(),
  /** the account must have one (admins) */
  required: z.boolean(),
  /**
   * what this session still owes: `verify` (a code after the password), `enrol` (an admin
   * without a second factor), or null (nothing: full rights)
   */
  pending: z.enum(['verify', 'enrol']).nullable(),
});

export const enrolmentResponse = z.object({
  /** base32 secret, for typing into an app by hand */
  secret: z.string(),
  /** the otpauth:// address the QR code holds */
  otpauthUrl: z.string(),
  /** the QR code as an SVG data URL (rendered on the server: no QR library in the bundles) */
  qrCode: z.string(),
});

export const recoveryCodesResponse = z.object({
  /** shown once; only their hashes are kept */
  recoveryCodes: z.array(z.string()),
  secondFactor: secondFactorStatus,
});
export const secondFactorResponse = z.object({ secondFactor: secondFactorStatus });
export const recoverResponse = z.object({
  secondFactor: secondFactorStatus,
  /** recovery codes left after this one */
  recoveryCodesLeft: z.number().int(),
});
export const resetResponse = z.object({ success: z.literal(true) });
export const userIdParams = z.strictObject({ id: z.uuid('Unknown user') });
