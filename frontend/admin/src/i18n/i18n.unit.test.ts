import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { raSpanish } from './raSpanish';
import { loadCatalog } from './i18nProvider';
import englishMessages from 'ra-language-english';
import { breaksFrenchPunctuation, straightApostrophes } from '../../../../testing/frenchTypography';

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
const values = (t: Tree): string[] =>
  Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));

describe('console texts', () => {
  it('every English key exists in Spanish and French, and nothing extra', () => {
    expect(keys(es as Tree).sort()).toEqual(keys(en as Tree).sort());
    expect(keys(fr as Tree).sort()).toEqual(keys(en as Tree).sort());
  });
  it('react-admin texts are complete in Spanish', () => {
    expect(keys(raSpanish as Tree).sort()).toEqual(keys(englishMessages as Tree).sort());
  });
  it('no text is empty and placeholders match across languages', () => {
    const placeholders = (s: string) => (s.match(/%\{\w+\}/g) ?? []).sort().join(',');
    const enKeys = keys(en as Tree);
    const get = (t: Tree, key: string) =>
      key.split('.').reduce<Tree | string>((n, k) => (n as Tree)[k], t) as string;
    for (const lang of [es, fr] as Tree[]) {
      for (const key of enKeys) {
        const text = get(lang, key);
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toBe(placeholders(get(en as Tree, key)));
      }
    }
    expect(values(en as Tree).every((v) => v.trim() !== '')).toBe(true);
  });
  it('is a real translation, not a copy of the English', () => {
    const same = (other: Tree) =>
      keys(en as Tree).filter((k) => {
        const get = (t: Tree) => k.split('.').reduce<Tree | string>((n, p) => (n as Tree)[p], t);
        // words, not placeholders: "%{hours} h %{minutes} min" reads the same everywhere
        const words = String(get(en as Tree)).replace(/%\{\w+\}/g, '');
        return get(other) === get(en as Tree) && /[a-z]{4,}/i.test(words);
      });
    // names and technical words that read the same (Redis, Node.js, Total, ...) are few
    expect(same(es as Tree).length).toBeLessThan(15);
    expect(same(fr as Tree).length).toBeLessThan(20);
  });
  it('names the foundation programme as the partner app does (es "fundamentos", fr "fondamentaux")', () => {
    // the partner app's menu and pages (its lib/i18n.unit.test.ts keeps the same words out)
    const other = (lang: Tree, words: RegExp) => values(lang).filter((v) => words.test(v.toLowerCase()));
    expect(other(es as Tree, /formación básica|pasos básicos|pasos? (%\{step\} )?de formación/)).toEqual([]);
    expect(
      other(fr as Tree, /fondations?\b|formation de base|étapes? (%\{step\} )?de (base|formation)/),
    ).toEqual([]);
  });
  it('keeps French punctuation on the line of the word before it (no-break spaces)', () => {
    expect(values(fr as Tree).filter(breaksFrenchPunctuation)).toEqual([]);
  });
  it('writes the French apostrophe ’, not the straight one', () => {
    expect(values(fr as Tree).flatMap(straightApostrophes)).toEqual([]);
  });
  it("shows react-admin's own French texts in the same typography", async () => {
    const ra = (await loadCatalog('fr')).ra as Tree;
    expect(values(ra).flatMap(straightApostrophes)).toEqual([]);
    expect(values(ra).filter(breaksFrenchPunctuation)).toEqual([]);
    expect((ra as { message: { invalid_form: string } }).message.invalid_form).toBe(
      'Le formulaire n’est pas valide.',
    );
  });
});
