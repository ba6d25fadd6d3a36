import { describe, expect, it } from 'vitest';
import { canSubmitForcedPassword, checkForcedPassword } from './validation';

describe('forced password rules', () => {
  it('checks in the spec order', () => {
    expect(checkForcedPassword('', '')).toBe('required');
    expect(checkForcedPassword('abc', 'xyz')).toBe('tooShort');
    expect(checkForcedPassword('abcdef', 'abcdeg')).toBe('mismatch');
    expect(checkForcedPassword('123456', '123456')).toBe('insecure');
    expect(checkForcedPassword('s3cure!', 's3cure!')).toBeNull();
  });

  it('enables the button only when both are filled and equal and not busy', () => {
    expect(canSubmitForcedPassword('', '', false)).toBe(false);
    expect(canSubmitForcedPassword('abcdef', '', false)).toBe(false);
    expect(canSubmitForcedPassword('abcdef', 'abcdeg', false)).toBe(false);
    expect(canSubmitForcedPassword('abcdef', 'abcdef', true)).toBe(false);
    expect(canSubmitForcedPassword('abcdef', 'abcdef', false)).toBe(true);
  });
});
