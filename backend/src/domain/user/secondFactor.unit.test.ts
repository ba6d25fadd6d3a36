import { describe, expect, it } from 'vitest';
import {
  codeAt,
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  pendingSecondFactor,
  timeStep,
} from './secondFactor';

const KEY_A = 'key-a-0123456789abcdef0123456789abcdef';
const KEY_B = 'key-b-0123456789abcdef0123456789abcdef';

describe('second factor (issue 13)', () => {
  it('matches a code to its time step within one step of now, and nothing else', () => {
    const secret = newTotpSecret();
    const now = Date.now();
    const step = timeStep(now);
    expect(matchingStep(secret, codeAt(secret, step), now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, step + 1), now)).toBe(step + 1);
    const far = codeAt(secret, step + 3);
    if (![step - 1, step, step + 1].some((s) => codeAt(secret, s) === far))
      expect(matchingStep(secret, far, now)).toBeNull();
    // RFC 6238 test vector (SHA-1, secret "12345678901234567890", T = 59 s): 287082
    expect(codeAt('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1)).toBe('287082');
  });

  it('encrypts secrets so that only the configured keys open them, across a rotation', () => {
    const sealed = encryptSecret('SECRET', [KEY_A]);
    expect(sealed).not.toContain('SECRET');
    expect(decryptSecret(sealed, [KEY_A])).toBe('SECRET');
    expect(decryptSecret(sealed, [KEY_B, KEY_A])).toBe('SECRET');
    expect(decryptSecret(sealed, [KEY_B])).toBeNull();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(decryptSecret(tampered, [KEY_A])).toBeNull();
  });

  it('makes ten distinct recovery codes, hashed however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    const [code] = codes;
    expect(hashRecoveryCode(code!.toLowerCase().replace('-', ' '))).toBe(hashRecoveryCode(code!));
  });

  it('says what a session owes', () => {
    expect(pendingSecondFactor(true, false, false).pending).toBe('verify');
    expect(pendingSecondFactor(true, true, true).pending).toBeNull();
    expect(pendingSecondFactor(false, true, false).pending).toBe('enrol');
    expect(pendingSecondFactor(false, false, false).pending).toBeNull();
  });
});
