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
  it('writes "video" as the partner app does, not "vídeo" as well (es)', () => {
    // the partner app's Spanish (vault, replays, resources) and most console texts say "video"
    expect(values(es as Tree).filter((v) => /vídeo/i.test(v))).toEqual([]);
  });
  it('writes "email" in English as the partner app does, not "e-mail"', () => {
    expect(values({ ...englishMessages, ...en } as Tree).filter((v) => /e-mail/i.test(v))).toEqual([]);
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
  it('names no server setting (an admin cannot act on SMTP_URL; the outbox says what it means)', () => {
    const settings = (t: Tree) => values(t).filter((v) => /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/.test(v));
    for (const lang of [en, es, fr] as Tree[]) expect(settings(lang)).toEqual([]);
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

// A number of things agrees with its noun in every language ("1 sur 1 utilisateur"): a text that
// counts is a polyglot plural ("one |||| many", said with smart_count), unless it is on the list
// below.
const COUNTS = new Set([
  'smart_count',
  'count',
  'left',
  'failures',
  'requests',
  'passwordRequests',
  'servicesRequests',
  'deadLetters',
  'workers',
  'waiting',
  'pending',
  'used',
  'free',
  'slow',
  'completed',
  'days',
  'hours',
  'minutes',
  'seconds',
]);
const NOT_PLURAL: Record<string, string> = {
  'app.lastLogin.daysAgo': 'said for 2 to 6 days only (lib/labels.ts): 1 is "Yesterday"',
  'app.events.detail.SecondFactorLockout': 'failures is the lockout threshold, never one',
  'app.events.detail.AdminSignInLockout': 'failures is the lockout threshold, never one',
  // no noun after the number: the same words for one and many in every language
  'app.users.bulkCounts.failed': '"3 failed", "3 con error", "3 en échec"',
  'app.performance.facts.database': '"Pool 3/10 in use · 0 waiting"',
  'app.performance.poolDetail': '"3 in use, 7 free, 0 waiting (max 10)"',
  'app.performance.minutes': '"3 min"',
  'app.system.poolFigures': '"3 of 10 in use, 0 waiting", "3 de 10 en uso", "3 sur 10 en service"',
  'app.system.uptimeDays': '"3 d 4 h"',
  'app.system.uptimeHours': '"3 h 4 min"',
  'app.system.uptimeMinutes': '"3 min 4 s"',
};

describe('counted console texts', () => {
  const get = (t: Tree, key: string) =>
    key.split('.').reduce<Tree | string>((n, k) => (n as Tree)[k], t) as string;
  const vars = (s: string) => [...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]!);
  const counted = keys(en as Tree).filter((key) => vars(get(en as Tree, key)).some((v) => COUNTS.has(v)));
  const catalogs = { en, es, fr } as Record<string, Tree>;
  // Spanish and French say each of these in their own plural forms; English words such as
  // "3 checked" read the same for one, and so do these French ones
  const SAME_FOR_ONE: Record<string, string[]> = {
    fr: ['app.users.bulkCounts.unchanged', 'app.events.counts.updated'], // "déjà à jour", "mis à jour"
  };
  const plural = (lang: string, key: string) =>
    lang === 'en' || SAME_FOR_ONE[lang]?.includes(key)
      ? Object.values(catalogs).some((c) => get(c, key).includes('||||'))
      : get(catalogs[lang]!, key).includes('||||');

  for (const [lang, messages] of Object.entries(catalogs))
    it(`are plurals that say 0, 1, 2 and 5 of a thing in ${lang}`, () => {
      const provider = polyglotI18nProvider(() => messages as never, lang, [], { allowMissing: false });
      const problems: string[] = [];
      for (const key of counted) {
        if (key in NOT_PLURAL) continue;
        if (!plural(lang, key)) {
          problems.push(`${key}: not a plural`);
          continue;
        }
        for (const n of [0, 1, 2, 5]) {
          const values = Object.fromEntries(vars(get(messages as Tree, key)).map((v) => [v, String(n)]));
          const text = provider.translate(key, { ...values, smart_count: n });
          if (!text.includes(String(n)) || text.includes('%{') || text.includes('||||'))
            problems.push(`${key}: ${text}`);
        }
      }
      expect(problems).toEqual([]);
    });
});
