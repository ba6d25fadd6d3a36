import { describe, expect, it } from 'vitest';
import { KEYCLOAK_DEFAULTS, waitAfterFailures } from './bruteForce';

describe('brute-force waits (Keycloak defaults)', () => {
  it('given fewer than 30 failures, then no wait', () => {
    for (let n = 0; n < 30; n++) expect(waitAfterFailures(n)).toBe(0);
  });

  it('given the 30th failure, then one minute, growing by a minute per further failure', () => {
    expect(waitAfterFailures(30)).toBe(60);
    expect(waitAfterFailures(31)).toBe(120);
    expect(waitAfterFailures(35)).toBe(360);
  });

  it('never waits more than 15 minutes', () => {
    expect(waitAfterFailures(44)).toBe(900);
    expect(waitAfterFailures(45)).toBe(900);
    expect(waitAfterFailures(10_000)).toBe(900);
  });

  it('uses the documented defaults', () => {
    expect(KEYCLOAK_DEFAULTS).toEqual({
      maxLoginFailures: 30,
      waitIncrementSeconds: 60,
      maxWaitSeconds: 900,
      failureResetSeconds: 43_200,
    });
  });
});
