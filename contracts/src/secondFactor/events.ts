import { z } from 'zod';
import { defineEvent } from '../core/events';

/**
 * Second-factor events, on the user stream `User-<userId>`. The TOTP secret is kept only
 * encrypted (`secret`), recovery codes only as SHA-256 hashes; the audit log leaves both out.
 */
export const SecondFactorEnrolled = defineEvent({
  type: 'SecondFactorEnrolled',
  schema: z.object({
    method: z.literal('totp'),
    /** AES-256-GCM ciphertext of the base32 secret (see backend/src/domain/user/secondFactor.ts) */
    secret: z.string(),
    recoveryCodeHashes: z.array(z.string()),
    /** the time step of the code that confirmed it (never accepted again) */
    step: z.number().int(),
  }),
  summary: () => 'Second factor (authenticator app) set up',
});

export const SecondFactorVerified = defineEvent({
  type: 'SecondFactorVerified',
  schema: z.object({ step: z.number().int() }),
  summary: () => 'Second factor verified at sign-in',
});

export const RecoveryCodeUsed = defineEvent({
  type: 'RecoveryCodeUsed',
  schema: z.object({ codeHash: z.string(), left: z.number().int() }),
  summary: (d) => `Recovery code used at sign-in (${d.left} left)`,
});

/** Too many wrong codes from one address: that address waits (the first wait of a series). */
export const SecondFactorLockout = defineEvent({
  type: 'SecondFactorLockout',
  schema: z.object({ failures: z.number().int(), waitSeconds: z.number().int(), ip: z.string() }),
  summary: (d) => `Second-factor codes from ${d.ip} paused after ${d.failures} wrong codes`,
});

/** The second factor was removed: by an admin (`admin`, actor in the metadata) or its owner (`self`). */
export const SecondFactorReset = defineEvent({
  type: 'SecondFactorReset',
  schema: z.object({ by: z.enum(['admin', 'self']) }),
  summary: (d) =>
    d.by === 'admin' ? 'Second factor reset by an admin; must be set up again' : 'Second factor turned off',
});

export const secondFactorEvents = [
  SecondFactorEnrolled,
  SecondFactorVerified,
  RecoveryCodeUsed,
  SecondFactorLockout,
  SecondFactorReset,
] as const;
