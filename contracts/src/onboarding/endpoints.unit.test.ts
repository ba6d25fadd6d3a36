import { describe, expect, it } from 'vitest';
import { normalizeReferralLink } from './endpoints';
import { progressPercentOf } from './foundation';

describe('referral link rule (step 2)', () => {
  it.each([
    ['Abc123', 'https://ufeelgreat.com/c/Abc123'],
    ['  abc123  ', 'https://ufeelgreat.com/c/abc123'],
    ['ufeelgreat.com/c/XYZ9', 'https://ufeelgreat.com/c/XYZ9'],
    ['https://ufeelgreat.com/c/XYZ9', 'https://ufeelgreat.com/c/XYZ9'],
    ['http://UFEELGREAT.COM/c/xyz9/', 'https://ufeelgreat.com/c/xyz9'],
    ['https://www.ufeelgreat.com/c/xyz9', 'https://ufeelgreat.com/c/xyz9'],
  ])('accepts %j as %j', (input, expected) => expect(normalizeReferralLink(input)).toBe(expected));

  it.each([
    '',
    '   ',
    'abc-123',
    'https://example.com/c/abc',
    'https://ufeelgreat.com.evil.com/c/abc',
    'https://ufeelgreat.com/x/abc',
    'https://ufeelgreat.com/c/',
    'https://ufeelgreat.com/c/abc?ref=1',
    'https://ufeelgreat.com/c/abc/def',
    'ufeelgreat.com/c/ábc',
    `ufeelgreat.com/c/${'a'.repeat(65)}`,
  ])('refuses %j', (input) => expect(normalizeReferralLink(input)).toBeNull());

  it('percent is rounded', () => {
    expect([0, 1, 2, 3, 4, 5].map(progressPercentOf)).toEqual([0, 20, 40, 60, 80, 100]);
  });
});
