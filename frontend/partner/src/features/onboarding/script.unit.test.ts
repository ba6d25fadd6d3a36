import { describe, expect, it } from 'vitest';
import { scriptPart } from './script';

describe('an answer inside the invitation script', () => {
  it('drops trailing spaces and closing punctuation, so the script adds its own only once', () => {
    expect(scriptPart('More energy, better sleep.')).toBe('More energy, better sleep');
    expect(scriptPart('  better sleep!!  ')).toBe('better sleep');
    expect(scriptPart('fewer cravings...')).toBe('fewer cravings');
    expect(scriptPart('fewer cravings…\n')).toBe('fewer cravings');
    expect(scriptPart('really? ')).toBe('really');
    expect(scriptPart('mieux dormir\u00a0!')).toBe('mieux dormir');
    expect(scriptPart('más energía;')).toBe('más energía');
    expect(scriptPart('March 2025,')).toBe('March 2025');
  });

  it('keeps punctuation inside the answer and anything else at its end', () => {
    expect(scriptPart('e.g. more energy')).toBe('e.g. more energy');
    expect(scriptPart('¡más energía!')).toBe('¡más energía');
    expect(scriptPart('I sleep 8 h (really)')).toBe('I sleep 8 h (really)');
    expect(scriptPart('my "best year"')).toBe('my "best year"');
  });

  it('is blank when the answer has nothing but spaces and punctuation', () => {
    expect(scriptPart('')).toBe('');
    expect(scriptPart(' ... ')).toBe('');
  });
});
