import { describe, expect, it } from 'vitest';
import {
  breaksFrenchPunctuation,
  numbersApartFromWords,
  straightApostrophes,
  unspacedFrenchPunctuation,
} from './frenchTypography';

describe('French typography checks', () => {
  it('find an ordinary space before ; : ! ? » and after «', () => {
    expect(breaksFrenchPunctuation('Bonjour !')).toBe(true);
    expect(breaksFrenchPunctuation('« Bonjour\u202f»')).toBe(true);
    expect(breaksFrenchPunctuation('Bonjour\u202f! «\u00a0Oui\u00a0»')).toBe(false);
  });

  it('find ; : ! ? written against the word before', () => {
    expect(unspacedFrenchPunctuation('Choisir la langue: Français. Prêt? Oui!')).toEqual([
      'langue:',
      'Prêt?',
      'Oui!',
    ]);
    expect(unspacedFrenchPunctuation('Langue\u00a0: à 20:00, https://x.test/a?b=1 Prêt\u202f?')).toEqual([]);
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

  it('find a number and the word after it apart (an ordinary space between them)', () => {
    expect(numbersApartFromWords('au moins 6 caractères, il y a {{count}} jours')).toEqual([
      '6 caractères',
      '{{count}} jours',
    ]);
    expect(numbersApartFromWords('au moins 6\u00a0caractères, il y a {{count}}\u00a0jours')).toEqual([]);
    expect(numbersApartFromWords('© {{year}} Training, 2. Saisissez, l’étape 3 est terminée')).toEqual([]);
  });
});
