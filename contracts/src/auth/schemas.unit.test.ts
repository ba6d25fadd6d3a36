import { describe, expect, it } from 'vitest';
import { authEndpoints, isEmailAddress } from './endpoints';
import { authRoutes } from './routes';
import {
  changePasswordBody,
  loginBody,
  registerBody,
  resetRequiredPasswordBody,
  updateProfileBody,
  user,
} from './schemas';

describe('auth contracts', () => {
  it("the forms' e-mail check (isEmailAddress) accepts exactly what the API accepts", () => {
    const addresses = [
      'ann@example.com',
      ' Ann.Lee+news@Mail.Example.CO ',
      "o'brien@example.ie",
      'josé@correo.es', // an accented letter: refused by the API, so by the form too
      'ana@correo.españa',
      'ann@example',
      'ann@@example.com',
      '.ann@example.com',
      'ann lee@example.com',
      `${'a'.repeat(250)}@b.co`,
    ];
    for (const email of addresses) {
      const api = loginBody.safeParse({ email, password: 'x' }).success;
      expect([email, isEmailAddress(email)]).toEqual([email, api]);
    }
    expect(isEmailAddress('josé@correo.es')).toBe(false);
  });

  it('routes use the endpoint paths of the spec', () => {
    for (const [name, ep] of Object.entries(authEndpoints)) {
      const route = authRoutes[name as keyof typeof authRoutes];
      expect(route.path).toBe(ep.path);
      expect(route.method).toBe(ep.method);
    }
    expect(authRoutes.sponsors.access).toBe('public');
    expect(authRoutes.me.access).toBe('signedIn');
    expect(authRoutes.resetRequiredPassword.access).toBe('session');
    expect(authRoutes.changePassword.access).toBe('user');
  });

  it('login lower-cases the e-mail and refuses unknown keys', () => {
    expect(loginBody.parse({ email: ' Ann@Example.COM ', password: 'x' })).toEqual({
      email: 'ann@example.com',
      password: 'x',
    });
    expect(loginBody.safeParse({ email: 'a@b.co', password: 'x', isAdmin: true }).success).toBe(false);
    expect(loginBody.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(false);
  });

  it('passwords: at least 6 characters, at most 72 UTF-8 bytes', () => {
    const base = { firstName: 'Ann', lastName: 'Lee', email: 'a@b.co', sponsorId: 's1' };
    expect(registerBody.safeParse({ ...base, password: '12345' }).success).toBe(false);
    expect(registerBody.parse({ ...base, password: '123456' }).newsletter).toBe(true);
    expect(registerBody.safeParse({ ...base, password: 'a'.repeat(72) }).success).toBe(true);
    const tooLong = registerBody.safeParse({ ...base, password: 'é'.repeat(37) }); // 74 bytes
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('Password must be at most 72 bytes');
    expect(changePasswordBody.safeParse({ currentPassword: 'a', newPassword: 'x'.repeat(73) }).success).toBe(
      false,
    );
    expect(resetRequiredPasswordBody.safeParse({ newPassword: '123456' }).success).toBe(false);
  });

  it('names are trimmed and bounded', () => {
    const base = { email: 'a@b.co', password: 'secret1', sponsorId: 's1' };
    expect(registerBody.safeParse({ ...base, firstName: '  ', lastName: 'x' }).success).toBe(false);
    expect(registerBody.safeParse({ ...base, firstName: 'x'.repeat(101), lastName: 'x' }).success).toBe(
      false,
    );
    expect(registerBody.parse({ ...base, firstName: ' Ann ', lastName: 'Lee' }).firstName).toBe('Ann');
  });

  it('profile: blank phone is null, phone required with SMS opt-in', () => {
    expect(
      updateProfileBody.parse({ firstName: 'A', lastName: 'B', phoneNumber: '  ', smsOptIn: false })
        .phoneNumber,
    ).toBe(null);
    expect(
      updateProfileBody.safeParse({ firstName: 'A', lastName: 'B', phoneNumber: ' ', smsOptIn: true })
        .success,
    ).toBe(false);
  });

  it('user accepts a server answer', () => {
    expect(
      user.safeParse({
        id: 'u1',
        uid: 'P-1001',
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        sponsorId: null,
        sponsorName: null,
        isAdmin: false,
        isLocked: false,
        newsletter: true,
        mustChangePassword: false,
        phoneNumber: null,
        smsOptIn: false,
        lastLoginAt: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      }).success,
    ).toBe(true);
  });
});
