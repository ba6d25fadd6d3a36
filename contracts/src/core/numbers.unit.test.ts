import { describe, expect, it } from 'vitest';
import { formatBytes, formatFigures, formatFixed, formatNumber, formatPercent } from './numbers';

// Intl writes a no-break space (narrow in French) before "%" and between thousands in es and fr
const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const spacedNoBreak = /^\d+[\u00a0\u202f]%$/;

describe('numbers in the reader’s language', () => {
  it('groups digits as the language does, not as the browser does', () => {
    expect(formatNumber('en', 12345)).toBe('12,345');
    expect(formatNumber('es', 12345)).toBe('12.345');
    expect(formatNumber('fr', 12345)).toMatch(/^12[\u00a0\u202f]345$/);
  });
  it('writes decimals with the language’s separator, at most `digits` of them', () => {
    expect(formatNumber('en', 1.5, 1)).toBe('1.5');
    expect(formatNumber('fr', 1.5, 1)).toBe('1,5');
    expect(formatNumber('es', 1.5, 1)).toBe('1,5');
    expect(formatNumber('fr', 1.25)).toBe('1');
    expect(spaced(formatNumber('fr', 12345.67, 1))).toBe('12 345,7');
  });
  it('writes exactly `digits` decimals when asked to, in the language’s shape', () => {
    expect(formatFixed('en', 3, 1)).toBe('3.0');
    expect(formatFixed('en', 2.46, 1)).toBe('2.5');
    expect(formatFixed('fr', 0, 1)).toBe('0,0');
    expect(formatFixed('es', 1.5, 1)).toBe('1,5');
  });
  it('writes a whole percent as each language does, with a space that never breaks in es and fr', () => {
    expect(formatPercent('en', 40)).toBe('40%');
    expect(formatPercent('es', 40)).toMatch(spacedNoBreak);
    expect(formatPercent('fr', 40)).toMatch(spacedNoBreak);
    expect(formatPercent('fr', 100)).toMatch(/^100[\u00a0\u202f]%$/);
    expect(formatPercent('en', 0)).toBe('0%');
  });
  it('writes percentages out of 100 with decimals', () => {
    expect(formatPercent('en', 1.5, 1)).toBe('1.5%');
    expect(spaced(formatPercent('fr', 1.5, 1))).toBe('1,5 %');
    expect(spaced(formatPercent('es', 40, 1))).toBe('40 %');
  });
  it('keeps one format per language and shape apart: digits and styles never mix', () => {
    expect(formatNumber('en', 1.25, 2)).toBe('1.25');
    expect(formatNumber('en', 1.25)).toBe('1');
    expect(formatPercent('en', 1.25, 2)).toBe('1.25%');
    expect(formatPercent('en', 1.25)).toBe('1%');
    expect(formatNumber('fr', 1.25, 2)).toBe('1,25');
  });
  it('formats the numbers among a text’s values, keeping strings and the plural count', () => {
    expect(formatFigures('fr', { p95: 1.5, reason: 'slow', smart_count: 2 })).toEqual({
      p95: '1,5',
      reason: 'slow',
      smart_count: 2,
    });
  });
  it('writes sizes in the language’s units', () => {
    expect(formatBytes('en', 47_448_064)).toBe('45.3 MB');
    expect(formatBytes('es', 47_448_064)).toBe('45,3 MB');
    expect(spaced(formatBytes('fr', 47_448_064))).toBe('45,3 Mo');
    expect(formatBytes('en', 512)).toBe('512 byte');
    expect(formatBytes('fr', null)).toBe('—');
  });
});
