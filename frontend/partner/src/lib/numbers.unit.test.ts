import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from './numbers';

describe('numbers in the interface language', () => {
  it('writes a percent as each language does, the same way everywhere', () => {
    expect(formatPercent(40, 'en')).toBe('40%');
    // Spanish and French put a space before the sign, one that never breaks (which one is ICU's choice)
    const spacedNoBreak = /^\d+[\u00a0\u202f]%$/;
    expect(formatPercent(40, 'es')).toMatch(spacedNoBreak);
    expect(formatPercent(40, 'fr')).toMatch(spacedNoBreak);
    expect(formatPercent(100, 'fr')).toMatch(/^100[\u00a0\u202f]%$/);
    expect(formatPercent(0, 'en')).toBe('0%');
  });
  it('groups digits as the language does, not as the browser does', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(12345, 'es')).toBe('12.345');
    expect(formatNumber(12345, 'fr')).toMatch(/^12[\u00a0\u202f]345$/);
  });
});
