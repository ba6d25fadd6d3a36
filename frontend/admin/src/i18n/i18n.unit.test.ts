import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { raSpanish } from './raSpanish';
import { loadCatalog } from './i18nProvider';
import englishMessages from 'ra-language-english';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import {
  breaksFrenchPunctuation,
  straightApostrophes,
  unspacedFrenchPunctuation,
} from '../../../../testing/frenchTypography';

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
    // each once: a plural's forms may repeat one ("%{smart_count} checked", es "revisado |||| revisados")
    const placeholders = (s: string) => [...new Set(s.match(/%\{\w+\}/g))].sort().join(',');
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
  it('counts one of a thing in the singular (sync members, users per step, bulk result, slow queries)', () => {
    const say = (messages: object, locale: string) => {
      const provider = polyglotI18nProvider(() => messages as never, locale, [], { allowMissing: false });
      return (key: string, options: Record<string, unknown>) => provider.translate(key, options);
    };
    const one = { count: '1', completed: '1', total: '1', slow: '1', avg: '5', smart_count: 1 };
    const lines = (messages: object, locale: string) => {
      const t = say(messages, locale);
      return [
        t('app.sync.members', one),
        t('app.performance.ofUsers', one),
        t('app.performance.dbQueriesSub', one),
        t('app.users.bulkDone', {
          updated: t('app.users.bulkCounts.updated', one),
          unchanged: t('app.users.bulkCounts.unchanged', one),
          failed: t('app.users.bulkCounts.failed', one),
        }),
      ];
    };
    expect(lines(en, 'en')).toEqual([
      '1 member checked',
      '1 of 1 user',
      '1 slow · avg 5 ms',
      '1 changed, 1 already so, 1 failed',
    ]);
    expect(lines(es, 'es')).toEqual([
      '1 miembro revisado',
      '1 de 1 usuario',
      '1 lenta · media 5 ms',
      '1 cambiado, 1 ya estaba así, 1 con error',
    ]);
    expect(lines(fr, 'fr')).toEqual([
      '1 membre vérifié',
      '1 sur 1 utilisateur',
      '1 lente · moyenne 5 ms',
      '1 modifié, 1 déjà à jour, 1 en échec',
    ]);
  });
  it('keeps French punctuation on the line of the word before it (no-break spaces)', () => {
    expect(values(fr as Tree).filter(breaksFrenchPunctuation)).toEqual([]);
    // and never writes ; : ! ? against the word ("Langue: Français")
    expect(values(fr as Tree).flatMap(unspacedFrenchPunctuation)).toEqual([]);
  });
  it('writes the French apostrophe ’, not the straight one', () => {
    expect(values(fr as Tree).flatMap(straightApostrophes)).toEqual([]);
  });
  it("shows react-admin's own French texts in the same typography", async () => {
    const ra = (await loadCatalog('fr')).ra as Tree;
    expect(values(ra).flatMap(straightApostrophes)).toEqual([]);
    expect(values(ra).filter(breaksFrenchPunctuation)).toEqual([]);
    expect(values(ra).flatMap(unspacedFrenchPunctuation)).toEqual([]);
    // the pack's own "au choix: %{options}", "(regexp): %{pattern}"
    const validation = (ra as { validation: Record<string, string> }).validation;
    expect(validation.oneOf).toBe('Doit être au choix\u00a0: %{options}');
    expect(validation.regex).toBe('Doit respecter un format spécifique (regexp)\u00a0: %{pattern}');
    expect((ra as { message: { invalid_form: string } }).message.invalid_form).toBe(
      'Le formulaire n’est pas valide.',
    );
  });
});
