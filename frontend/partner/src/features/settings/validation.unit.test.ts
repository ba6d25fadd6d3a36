import { describe, expect, it } from 'vitest';
import { canSubmitPasswordChange, checkPasswordChange, checkProfile, profileBody } from './validation';

describe('profile rules', () => {
  const base = { firstName: 'Ann', lastName: 'Lee', phoneNumber: '', smsOptIn: false };
  it('needs both names after trimming', () => {
    expect(checkProfile({ ...base, firstName: '  ' })).toBe('nameRequired');
    expect(checkProfile({ ...base, lastName: '' })).toBe('nameRequired');
    expect(checkProfile(base)).toBeNull();
  });
  it('needs a phone number with SMS opt-in', () => {
    expect(checkProfile({ ...base, smsOptIn: true, phoneNumber: ' ' })).toBe('phoneRequired');
    expect(checkProfile({ ...base, smsOptIn: true, phoneNumber: '+1 555' })).toBeNull();
  });
  it('trims and sends a blank phone as null', () => {
    expect(profileBody({ firstName: ' Ann ', lastName: ' Lee', phoneNumber: '  ', smsOptIn: false })).toEqual(
      {
        firstName: 'Ann',
        lastName: 'Lee',
        phoneNumber: null,
        smsOptIn: false,
      },
    );
    expect(profileBody({ ...base, phoneNumber: ' +1 555 ' }).phoneNumber).toBe('+1 555');
  });
});

describe('password change rules', () => {
  it('checks required, match, length in order', () => {
    expect(checkPasswordChange({ currentPassword: '', newPassword: 'a', confirmPassword: 'b' })).toBe(
      'allRequired',
    );
    expect(checkPasswordChange({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abd' })).toBe(
      'mismatch',
    );
    expect(checkPasswordChange({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' })).toBe(
      'tooShort',
    );
    expect(
      checkPasswordChange({ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdef' }),
    ).toBeNull();
  });
  it('enables submit only when all are filled and match', () => {
    expect(
      canSubmitPasswordChange({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abd' }),
    ).toBe(false);
    expect(
      canSubmitPasswordChange({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' }),
    ).toBe(true);
  });
});
