import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '../../brand';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@portal/contracts/secondFactor/endpoints';
import type { BruteForcePolicy } from './bruteForce';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s, what every authenticator app reads) with single-use
 * recovery codes (issue 13 point 3, ASVS 6.3.3, QUALITY 34). Pure functions: no I/O.
 */

/** A code is accepted for the current time step and one step either side (clock drift). */
const TOTP_WINDOW = 1;

/**
 * Wrong codes per account and client address: 5 free, then a wait growing by a minute per
 * further wrong code up to 15 minutes; forgotten 12 hours after the last one. With 3 codes valid
 * at a time, one address gets about 100 guesses a day: a chance of 1 in 3,000 per day.
 */
export const CODE_FAILURE_POLICY: BruteForcePolicy = {
  maxLoginFailures: 5,
  waitIncrementSeconds: 60,
  maxWaitSeconds: 15 * 60,
  failureResetSeconds: 12 * 3600,
};

const totp = (secretBase32: string, label = 'account', issuer = PRODUCT_NAME) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new random secret (160 bits, base32). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUrl = (secretBase32: string, account: string, issuer: string) =>
  totp(secretBase32, account, issuer).toString();

/** The time step of a moment. */
export const timeStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code of a time step (tests and the demo use it; the server only checks codes). */
export const codeAt = (secretBase32: string, step: number) =>
  totp(secretBase32).generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });

/** The time step the code belongs to (within the window around now), or null when it is wrong. */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : timeStep(nowMs) + delta;
}

// Recovery codes: 10 characters from an alphabet without look-alikes (50 bits), shown as
// XXXXX-XXXXX; kept as SHA-256 hashes (their entropy makes a slow hash unnecessary).
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** The stored hash of a recovery code, however it was typed (case, spaces, dashes ignored). */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(`recovery:${code.replace(/[\s-]+/g, '').toUpperCase()}`)
    .digest('hex');

// Secrets at rest: AES-256-GCM under a key derived (HKDF) from one of the configured keys; the
// ciphertext names its key, so keys can rotate (encrypt with the first, decrypt with any).
const derive = (key: string) => Buffer.from(hkdfSync('sha256', key, 'portal', 'second-factor-secret', 32));
const keyId = (derived: Buffer) => createHash('sha256').update(derived).digest('hex').slice(0, 12);

export function encryptSecret(secretBase32: string, keys: readonly string[]): string {
  const key = derive(keys[0]!);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', keyId(key), iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when none of the keys opens it (a retired key, tampering). */
export function decryptSecret(ciphertext: string, keys: readonly string[]): string | null {
  const [version, kid, iv, tag, body] = ciphertext.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  for (const candidate of keys) {
    const key = derive(candidate);
    if (keyId(key) !== kid) continue;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
  return null;
}

export type PendingSecondFactor = 'verify' | 'enrol' | null;

/**
 * What a session still owes: an enrolled account's session must verify a code after the
 * password; an admin without a second factor must enrol one; anybody else owes nothing.
 */
export function pendingSecondFactor(enrolled: boolean, isAdmin: boolean, verifiedInSession: boolean) {
  const pending: PendingSecondFactor = enrolled
    ? verifiedInSession
      ? null
      : 'verify'
    : isAdmin
      ? 'enrol'
      : null;
  return { enrolled, required: isAdmin, pending };
}
