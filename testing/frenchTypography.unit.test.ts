import { describe, expect, it } from 'vitest';
import { breaksFrenchPunctuation, straightApostrophes } from './frenchTypography';

describe('French typography checks', () => {
  it('find an ordinary space before ; : ! ? » and after «', () => {
    expect(breaksFrenchPunctuation('Bonjour !')).toBe(true);
    expect(breaksFrenchPunctuation('« Bonjour\u202f»')).toBe(true);
    expect(breaksFrenchPunctuation('Bonjour\u202f! «\u00a0Oui\u00a0»')).toBe(false);
  });

  it('find a straight apostrophe between two letters', () => {
    expect(straightApostrophes("Aujourd'hui, l'été et d'accord.")).toEqual([
      "Aujourd'hui,",
      "l'été",
      "d'accord.",
    ]);
    expect(straightApostrophes("L'Équipe")).toEqual(["L'Équipe"]);
    expect(straightApostrophes('Aujourd’hui, l’été et d’accord.')).toEqual([]);
  });

  it('leave quotes that are not apostrophes alone', () => {
    expect(straightApostrophes("'Bonjour' et « oui »")).toEqual([]);
    expect(straightApostrophes("{{when, datetime(format: 'short')}} pour {{name}}")).toEqual([]);
    expect(straightApostrophes("<a href='https://x.test/a'b'>l’appel</a>")).toEqual([]);
    expect(straightApostrophes('%{name}')).toEqual([]);
  });
});
