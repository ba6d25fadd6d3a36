import { describe, expect, it } from 'vitest';
import { isOwnPage } from './returnTo';

describe('the page a sign-in comes back to', () => {
  it('is a guarded page of this app, with its query', () => {
    expect(isOwnPage('/onboarding?step=2')).toBe(true);
    expect(isOwnPage('/resources?path=abc')).toBe(true);
    expect(isOwnPage('/settings')).toBe(true);
  });

  it('is never another site, nor a public page or a sign-in step', () => {
    for (const href of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/',
      '/?showLogin=true',
      '/login',
      '/register',
      '/forgot-password',
      '/new-password?token=x',
      '/reset-password',
    ])
      expect(isOwnPage(href), href).toBe(false);
  });
});
