import { describe, expect, it } from 'vitest';
import type { TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { labelled, lastLoginLabel } from './labels';
import { en } from '../i18n/en';
import { fr } from '../i18n/fr';
import { breaksFrenchPunctuation } from '../../../../testing/frenchTypography';
import { generatePassword, passwordProblem } from './password';
import { GENERATED_PASSWORD_ALPHABET } from '@portal/contracts/admin/endpoints';

const now = new Date(2026, 10, 22, 15, 0, 0);
const daysAgo = (n: number, hour = 10) => new Date(2026, 10, 22 - n, hour).toISOString();

describe('last login label', () => {
  it('follows the spec: never, today, yesterday, days under 7, weeks under 30, else a date', () => {
    expect(lastLoginLabel(null, now)).toEqual({ key: 'never' });
    expect(lastLoginLabel(daysAgo(0, 1), now)).toEqual({ key: 'today' });
    expect(lastLoginLabel(daysAgo(1, 23), now)).toEqual({ key: 'yesterday' });
    expect(lastLoginLabel(daysAgo(2), now)).toEqual({ key: 'daysAgo', count: 2 });
    expect(lastLoginLabel(daysAgo(6), now)).toEqual({ key: 'daysAgo', count: 6 });
    expect(lastLoginLabel(daysAgo(7), now)).toEqual({ key: 'weeksAgo', count: 1 });
    expect(lastLoginLabel(daysAgo(29), now)).toEqual({ key: 'weeksAgo', count: 4 });
    expect(lastLoginLabel(daysAgo(30), now)).toMatchObject({ key: 'date' });
  });
});

describe('generated password', () => {
  it('has 12 characters from the allowed alphabet', () => {
    for (let i = 0; i < 50; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(12);
      expect([...p].every((c) => GENERATED_PASSWORD_ALPHABET.includes(c))).toBe(true);
    }
  });
  it('uses every kind of character over many draws', () => {
    const all = Array.from({ length: 200 }, () => generatePassword()).join('');
    expect(all).toMatch(/[A-Z]/);
    expect(all).toMatch(/[a-z]/);
    expect(all).toMatch(/\d/);
    expect(all).toMatch(/[!@#$%^&*]/);
  });
  it('checks the two entries as the spec says', () => {
    expect(passwordProblem('abcdef', 'abcdeg')).toBe('passwordsMismatch');
    expect(passwordProblem('abc', 'abc')).toBe('passwordTooShort');
    expect(passwordProblem('abcdef', 'abcdef')).toBeNull();
  });
});

describe('a label and its text', () => {
  // the console's own texts are enough here; the app adds react-admin's (`ra`) to them
  const translate = (messages: object, locale: string) =>
    polyglotI18nProvider(() => messages as TranslationMessages, locale).translate;
  it('keeps a French colon on the line of its label (no-break space), the English one without a space', () => {
    const fromFr = labelled(translate(fr, 'fr'), 'app.messages.updateFailed', 'Réseau indisponible');
    expect(fromFr).toBe('Impossible de mettre à jour l’utilisateur\u00a0: Réseau indisponible');
    expect(breaksFrenchPunctuation(fromFr)).toBe(false);
    expect(labelled(translate(en, 'en'), 'app.messages.updateFailed', 'Network down')).toBe(
      'Failed to update user: Network down',
    );
  });
});
