import { describe, expect, it } from 'vitest';
import {
  dedupeByEmail,
  initialsOf,
  lastLoginLabel,
  pageButtons,
  shownRange,
  startDateText,
  totalPages,
} from './partnersModel';
import es from '../../locales/es/partners.json';
import fr from '../../locales/fr/partners.json';

const now = new Date('2026-03-20T12:00:00Z');
const ago = (days: number, hours = 0) =>
  new Date(now.getTime() - days * 86_400_000 - hours * 3_600_000).toISOString();

describe('relative last login', () => {
  it('reads never, today, 1 day ago, N days ago, N weeks ago', () => {
    expect(lastLoginLabel(null, now)).toEqual({ key: 'lastLogin.never' });
    expect(lastLoginLabel(ago(0, 3), now)).toEqual({ key: 'lastLogin.today' });
    expect(lastLoginLabel(ago(1, 2), now)).toEqual({ key: 'lastLogin.days', count: 1 });
    expect(lastLoginLabel(ago(6), now)).toEqual({ key: 'lastLogin.days', count: 6 });
    expect(lastLoginLabel(ago(7), now)).toEqual({ key: 'lastLogin.weeks', count: 1 });
    expect(lastLoginLabel(ago(30), now)).toEqual({ key: 'lastLogin.weeks', count: 4 });
  });
  it('counts calendar days: a sign-in late yesterday evening is 1 day ago this morning', () => {
    const morning = new Date(2026, 2, 20, 9);
    expect(lastLoginLabel(new Date(2026, 2, 19, 22).toISOString(), morning)).toEqual({
      key: 'lastLogin.days',
      count: 1,
    });
    expect(lastLoginLabel(new Date(2026, 2, 20, 0, 30).toISOString(), morning)).toEqual({
      key: 'lastLogin.today',
    });
    expect(lastLoginLabel(new Date(2026, 2, 13, 23).toISOString(), morning)).toEqual({
      key: 'lastLogin.weeks',
      count: 1,
    });
  });
  it('follows the colon of "Last login:" in lowercase in Spanish and French', () => {
    for (const { lastLogin } of [es, fr]) {
      const { at, ...labels } = lastLogin;
      expect(at).toMatch(/ ?: \{\{when\}\}$/);
      for (const label of Object.values(labels)) expect(label).toBe(label.toLowerCase());
    }
  });
  it('treats a clock slightly ahead as today and garbage as never', () => {
    expect(lastLoginLabel(new Date(now.getTime() + 60_000).toISOString(), now)).toEqual({
      key: 'lastLogin.today',
    });
    expect(lastLoginLabel('not a date', now)).toEqual({ key: 'lastLogin.never' });
  });
});

describe('pagination', () => {
  it('shows up to 5 page buttons around the current page', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageButtons(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageButtons(1, 0)).toEqual([]);
  });
  it("gives the numbers of 'Showing X to Y of Z partners'", () => {
    expect(shownRange(1, 20, 45)).toEqual({ from: 1, to: 20, total: 45 });
    expect(shownRange(3, 20, 45)).toEqual({ from: 41, to: 45, total: 45 });
    expect(shownRange(1, 20, 0)).toEqual({ from: 0, to: 0, total: 0 });
    expect(totalPages(45, 20)).toBe(3);
    expect(totalPages(0, 20)).toBe(1);
  });
});

describe('cards', () => {
  it('de-duplicates by lower-cased e-mail, keeping the first', () => {
    const items = [
      { id: 'a', email: 'Ana@Example.com' },
      { id: 'b', email: 'ana@example.com ' },
      { id: 'c', email: 'carl@example.com' },
    ];
    expect(dedupeByEmail(items).map((i) => i.id)).toEqual(['a', 'c']);
  });
  it('makes initials', () => {
    expect(initialsOf(' ana', 'ruiz')).toBe('AR');
    expect(initialsOf('', '')).toBe('?');
  });
});

describe('step 4 start date in the sheet', () => {
  it('shows what the partner wrote, without a day or a month of its own', () => {
    expect(startDateText('marzo de 2025', 'fr')).toBe('marzo de 2025');
    expect(startDateText('agosto de 2025', 'fr')).toBe('agosto de 2025');
    expect(startDateText('January 2026', 'fr')).toBe('January 2026');
    expect(startDateText('last summer', 'en')).toBe('last summer');
  });
  it('writes a bare ISO date out in the sponsor’s language', () => {
    expect(startDateText('2025-03-14', 'fr')).toBe('14 mars 2025');
    expect(startDateText('2025-03-14', 'en')).toBe('March 14, 2025');
  });
});
