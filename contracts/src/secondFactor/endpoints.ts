import { endpoint } from '../core/endpoint';

// Zod-free on purpose, like auth/endpoints.ts: the partner app's login dialog imports it.
/** Method and path of every second-factor call (issue 13 point 3, QUALITY 34). */
export const secondFactorEndpoints = {
  /** a new TOTP secret for the signed-in user, kept in the session until confirmed */
  startEnrolment: endpoint('POST', '/api/second-factor/enrolment'),
  /** the first code from the authenticator app; records the enrolment, answers the recovery codes once */
  confirmEnrolment: endpoint('POST', '/api/second-factor/enrolment/confirm'),
  /** the code after the password: the session gets its full rights */
  verify: endpoint('POST', '/api/second-factor/verify'),
  /** a single-use recovery code instead of the app's code */
  recover: endpoint('POST', '/api/second-factor/recover'),
  /** a partner turns the second factor off (admins cannot) */
  disable: endpoint('POST', '/api/second-factor/disable'),
  /** an admin removes another admin's (or a partner's) second factor: they enrol again */
  adminReset: endpoint('POST', '/api/admin/users/:id/second-factor/reset'),
} as const;

/** Digits of a TOTP code and seconds of its time step (RFC 6238 defaults, what every app uses). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How many single-use recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A secret as people read and type it from the set-up screen: groups of four characters between
 * spaces, so a narrow screen breaks the key between groups (at a space), never inside one.
 */
export const spacedKey = (secret: string): string => (secret.match(/.{1,4}/g) ?? []).join(' ');
