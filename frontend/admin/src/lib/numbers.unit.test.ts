import { describe, expect, it } from 'vitest';
import { formatFigures, formatNumber } from './numbers';

// Intl writes a narrow no-break space before "%" and between thousands in French
const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers in the reader’s language', () => {
  it('writes decimals with the language’s separator', () => {
    expect(formatNumber('en', 1.5, 1)).toBe('1.5');
    expect(formatNumber('fr', 1.5, 1)).toBe('1,5');
    expect(formatNumber('es', 1.5, 1)).toBe('1,5');
    expect(formatNumber('fr', 1.25)).toBe('1');
    expect(spaced(formatNumber('fr', 12345.67, 1))).toBe('12 345,7');
  });
  it('writes percentages out of 100 as each language does', () => {
    expect(formatNumber('en', 1.5, 1, 'percent')).toBe('1.5%');
    expect(spaced(formatNumber('fr', 1.5, 1, 'percent'))).toBe('1,5 %');
    expect(spaced(formatNumber('es', 40, 1, 'percent'))).toBe('40 %');
  });
  it('formats the numbers among a text’s values, keeping strings and the plural count', () => {
    expect(formatFigures('fr', { p95: 1.5, reason: 'slow', smart_count: 2 })).toEqual({
      p95: '1,5',
      reason: 'slow',
      smart_count: 2,
    });
  });
});
