/**
 * Per-account brute-force protection with Keycloak's default numbers ("permanent lockout"
 * off): after `maxLoginFailures` failed sign-ins, each failure imposes a wait that grows by
 * `waitIncrementSeconds` per further failure, capped at `maxWaitSeconds`; the failure count
 * is forgotten `failureResetSeconds` after the last failure, and reset by a successful sign-in.
 *
 *   failures 1..29 → no wait; 30 → 1 min; 31 → 2 min; ...; 44 and more → 15 min.
 */
export interface BruteForcePolicy {
  maxLoginFailures: number;
  waitIncrementSeconds: number;
  maxWaitSeconds: number;
  failureResetSeconds: number;
}

export const KEYCLOAK_DEFAULTS: BruteForcePolicy = {
  maxLoginFailures: 30,
  waitIncrementSeconds: 60,
  maxWaitSeconds: 15 * 60,
  failureResetSeconds: 12 * 3600,
};

/** Seconds the account must wait after its `failures`-th consecutive failure. */
export function waitAfterFailures(failures: number, policy: BruteForcePolicy = KEYCLOAK_DEFAULTS): number {
  if (failures < policy.maxLoginFailures) return 0;
  const steps = failures - policy.maxLoginFailures + 1;
  return Math.min(policy.maxWaitSeconds, steps * policy.waitIncrementSeconds);
}
