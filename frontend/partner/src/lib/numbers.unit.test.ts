import { describe, expect, it } from 'vitest';
import { formatPercent } from './numbers';

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
});
