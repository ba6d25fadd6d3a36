import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages';
import {
  breaksFrenchPunctuation,
  numbersApartFromWords,
  straightApostrophes,
  unspacedFrenchPunctuation,
} from '../../../../testing/frenchTypography';
import {
  LIST_MAX_ENTRIES,
  LIST_MIN_ENTRIES,
  LIST_TARGET_ENTRIES,
} from '@portal/contracts/onboarding/endpoints';

// Every namespace file of every language under src/locales, including the ones other
// features add: same files, same keys, no empty values, same {{placeholders}}.
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

const languages = readdirSync(localesDir).filter((d) => statSync(join(localesDir, d)).isDirectory());
const namespacesOf = (lang: string) =>
  readdirSync(join(localesDir, lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
const load = (lang: string, ns: string) =>
  flatten(JSON.parse(readFileSync(join(localesDir, lang, `${ns}.json`), 'utf8')) as Tree);
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('exist for exactly en, es and fr', () => {
    expect(languages.sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it('have the same namespace files in every language', () => {
    const reference = namespacesOf('en');
    expect(reference.length).toBeGreaterThan(0);
    for (const lang of languages) expect(namespacesOf(lang), `namespaces of ${lang}`).toEqual(reference);
  });

  const allNamespaces = [...new Set(languages.flatMap(namespacesOf))].sort();
  for (const ns of allNamespaces) {
    it(`namespace "${ns}": same keys, non-empty strings, same placeholders in every language`, () => {
      const present = languages.filter((l) => namespacesOf(l).includes(ns));
      const maps = new Map(present.map((l) => [l, load(l, ns)]));
      const allKeys = new Set([...maps.values()].flatMap((m) => [...m.keys()]));
      const problems: string[] = [];
      for (const key of [...allKeys].sort()) {
        const en = maps.get('en')?.get(key);
        for (const [lang, m] of maps) {
          const v = m.get(key);
          if (v === undefined) problems.push(`${lang}/${ns}.json is missing "${key}"`);
          else if (typeof v !== 'string') problems.push(`${lang}/${ns}.json "${key}" is not a string`);
          else if (!v.trim()) problems.push(`${lang}/${ns}.json "${key}" is empty`);
          else if (typeof en === 'string' && placeholders(v).join() !== placeholders(en).join())
            problems.push(
              `${lang}/${ns}.json "${key}" has placeholders ${placeholders(v)} but en has ${placeholders(en)}`,
            );
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

// Spanish speaks to the partner as "tú" everywhere; these are the "usted" forms an editor
// found mixed in (formal imperatives and pronouns addressed to the reader). Whole words, accents
// included (\b knows only ASCII letters).
const words = (...list: string[]) => new RegExp(`(?<!\\p{L})(${list.join('|')})(?!\\p{L})`, 'u');
const USTED = [
  words('usted', 'ustedes', 'Usted'),
  words('le espera', 'le mostramos', 'le convenga'),
  words(
    'Inténtelo',
    'inténtelo',
    'Compruebe',
    'Pruebe',
    'Inicie',
    'Póngase',
    'Suscríbase',
    'Únase',
    'Continúe',
    'Elija',
    'Vea',
    'Siga',
    'Repase',
    'Termine',
    'Explore',
    'Busque',
    'Complete',
    'Introduzca',
    'Ingrese',
    'Seleccione',
    'Escriba',
    'Vuelva',
  ),
  words('copie', 'añádalo', 'comparta', 'pierda'),
  words('Su progreso', 'su conexión', 'su zona horaria', 'su aplicación', 'su navegador'),
  words('Ha completado', 'Puede repetir', 'Se perdió'),
];

// One word per thing in Spanish: "grabaciones" (not "repeticiones"), "formación" (not
// "capacitación"), "en vivo" (not "en directo"), "fundamentos" (not "formación básica": the
// foundation page once said "básica" under a menu entry "Fundamentos"), as the menu and the
// landing page say.
const OTHER_WORDS = words(
  'repetición',
  'repeticiones',
  'capacitación',
  'capacitaciones',
  'en directo',
  'formación básica',
  'pasos básicos',
);
// And in French: "fondamentaux", as the menu says (not "fondations" nor "formation de base").
const OTHER_FRENCH_WORDS = words('fondation', 'fondations', 'formation de base', 'étapes de base');

/** What `check` finds in each text of a language, as "namespace:key: finding". */
const findIn = (lang: string, check: (text: string) => string[]) =>
  namespacesOf(lang).flatMap((ns) =>
    [...load(lang, ns)].flatMap(([key, value]) =>
      typeof value === 'string' ? check(value).map((found) => `${ns}:${key}: ${found}`) : [],
    ),
  );
/** The whole text, when `test` holds for it. */
const whole = (test: (text: string) => boolean) => (text: string) => (test(text) ? [text] : []);
/** The texts that name a thing with one of the `other` words. */
const otherWordsIn = (lang: string, other: RegExp) =>
  findIn(
    lang,
    whole((v) => other.test(v.toLowerCase())),
  );

describe('Spanish', () => {
  it('names each thing with one word', () => {
    expect(otherWordsIn('es', OTHER_WORDS)).toEqual([]);
  });

  it('addresses the partner as tú in every text', () => {
    expect(
      findIn(
        'es',
        whole((v) => USTED.some((r) => r.test(v))),
      ),
    ).toEqual([]);
  });
});

// A section keeps one name wherever the partner meets it: the menu, the Academy's card, the tour's
// step and the browser tab (Spanish once called the replays "Grabaciones" in the menu and
// "Repeticiones" on the card that leads there).
const SECTIONS = ['liveCalls', 'replays', 'vault', 'resources', 'partners'] as const;

describe('section names', () => {
  for (const lang of languages)
    it(`are the same in the menu, the Academy cards, the tour and the tab titles (${lang})`, () => {
      const shell = load(lang, 'shell');
      const academy = load(lang, 'academy');
      const differing = SECTIONS.flatMap((s) => {
        const names = [
          shell.get(`menu.${s}`),
          academy.get(`cards.${s}.title`),
          academy.get(`tour.steps.${s}.title`),
          shell.get(`titles.${s}`),
        ];
        return new Set(names).size === 1 ? [] : [`${s}: ${names.join(' / ')}`];
      });
      expect(differing).toEqual([]);
    });
});

describe('the same things, named the same', () => {
  for (const lang of languages) {
    it(`the foundation's Academy card names the sections as the menu does (${lang})`, () => {
      const shell = load(lang, 'shell');
      const foundation = load(lang, 'foundation');
      const missing = (['academy.locked_other', 'academy.open'] as const).flatMap((key) => {
        const text = String(foundation.get(key)).toLowerCase();
        return ['liveCalls', 'replays', 'vault', 'resources']
          .map((s) => String(shell.get(`menu.${s}`)).toLowerCase())
          .filter((name) => !text.includes(name))
          .map((name) => `${key}: ${name}`);
      });
      expect(missing).toEqual([]);
    });

    it(`a foundation step has one name: its page, the foundation list, a sponsor's view (${lang})`, () => {
      const onboarding = load(lang, 'onboarding');
      const foundation = load(lang, 'foundation');
      const differing = [1, 2, 3, 4, 5].flatMap((n) =>
        onboarding.get(`titles.${n}`) === foundation.get(`steps.${n}.title`)
          ? []
          : [
              `${n}: ${String(onboarding.get(`titles.${n}`))} / ${String(foundation.get(`steps.${n}.title`))}`,
            ],
      );
      expect(differing).toEqual([]);
    });
  }
});

// A dash set in a sentence ("…/c/ — we add https://") stays on the line of the word before it:
// the space before it is a no-break one, in every language (with an ordinary space a phone began a
// line with "— nous ajoutons https://").
const dashesApart = (text: string) => text.match(/\S* [\u2013\u2014]/g) ?? [];

describe('dashes', () => {
  for (const lang of languages)
    it(`stay on the line of the word before them (${lang})`, () => {
      expect(findIn(lang, dashesApart)).toEqual([]);
    });
});

describe('French', () => {
  it('keeps its punctuation on the line of the word before it', () => {
    expect(findIn('fr', whole(breaksFrenchPunctuation))).toEqual([]);
    expect(findIn('fr', unspacedFrenchPunctuation)).toEqual([]);
  });
  it('keeps a number and the word after it together (no-break space)', () => {
    expect(findIn('fr', numbersApartFromWords)).toEqual([]);
  });
  it('names each thing with one word', () => {
    expect(otherWordsIn('fr', OTHER_FRENCH_WORDS)).toEqual([]);
  });
  it('writes its apostrophe ’, not the straight one', () => {
    expect(findIn('fr', straightApostrophes)).toEqual([]);
  });
});

/** A text as i18next gives it in `lang`, read from the locale files. */
function say(lang: string, ns: string, key: string, values: Record<string, unknown>): string {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: lang,
    initAsync: false,
    resources: { [lang]: { [ns]: JSON.parse(readFileSync(join(localesDir, lang, `${ns}.json`), 'utf8')) } },
  });
  return i18n.t(`${ns}:${key}`, values);
}

describe('plurals', () => {
  it('count the replays found as the spec says in English and in words of one or many in es/fr', () => {
    expect(['en', 'es', 'fr'].map((lang) => say(lang, 'replays', 'found', { count: 1 }))).toEqual([
      '1 video(s) found',
      '1 video encontrado',
      '1\u00a0vidéo trouvée',
    ]);
    expect(['en', 'es', 'fr'].map((lang) => say(lang, 'replays', 'found', { count: 13 }))).toEqual([
      '13 video(s) found',
      '13 videos encontrados',
      '13\u00a0vidéos trouvées',
    ]);
  });
  it('count the foundation steps done, and those left, in the singular for one', () => {
    expect(['en', 'es', 'fr'].map((lang) => say(lang, 'foundation', 'introProgress', { count: 1 }))).toEqual([
      'Great work: 1 of 5 steps done. Keep going to unlock the Academy.',
      '¡Buen trabajo! Llevas 1 paso de 5. Sigue así para desbloquear la Academia.',
      'Beau travail\u00a0: 1\u00a0étape sur 5\u00a0terminée. Continuez pour débloquer l’Académie.',
    ]);
    expect(say('fr', 'foundation', 'introProgress', { count: 3 })).toMatch(
      / 3\u00a0étapes sur 5\u00a0terminées\./,
    );
    expect(['en', 'es', 'fr'].map((lang) => say(lang, 'foundation', 'academy.locked', { count: 1 }))).toEqual(
      [
        expect.stringMatching(/ 1 step to go\.$/),
        expect.stringMatching(/ Te falta 1\.$/),
        expect.stringMatching(/ Encore 1\u00a0étape\.$/),
      ],
    );
    expect(say('es', 'foundation', 'academy.locked', { count: 2 })).toMatch(/ Te faltan 2\.$/);
  });
  it('say the steps done and the names of a list in the singular for one (fr: and for none)', () => {
    const badge = (count: number) =>
      ['en', 'es', 'fr'].map((lang) => say(lang, 'onboarding', 'badge', { count }));
    expect(badge(1)).toEqual(['1 of 5 Complete', '1 de 5 completado', '1\u00a0sur 5\u00a0terminée']);
    expect(badge(0)).toEqual(['0 of 5 Complete', '0 de 5 completados', '0\u00a0sur 5\u00a0terminée']);
    expect(badge(2)).toEqual(['2 of 5 Complete', '2 de 5 completados', '2\u00a0sur 5\u00a0terminées']);
    expect(
      ['en', 'es', 'fr'].map((lang) => say(lang, 'onboarding', 'step3.countLabel', { count: 1, target: 10 })),
    ).toEqual(['1 of 10 names', '1 nombre de 10', '1\u00a0nom sur 10']);
    expect(say('fr', 'onboarding', 'step3.countLabel', { count: 4, target: 10 })).toBe('4\u00a0noms sur 10');
  });
  it("say a team of one partner in the singular (English keeps the spec's 'of Z partners')", () => {
    const showing = (total: number) =>
      ['en', 'es', 'fr'].map((lang) =>
        say(lang, 'partners', 'pagination.showing', { from: total && 1, to: total, total, count: total }),
      );
    expect(showing(1)).toEqual([
      'Showing 1 to 1 of 1 partners',
      'Mostrando 1 a 1 de 1 socio',
      'Affichage de 1 à 1 sur 1\u00a0partenaire',
    ]);
    expect(showing(5)).toEqual([
      'Showing 1 to 5 of 5 partners',
      'Mostrando 1 a 5 de 5 socios',
      'Affichage de 1 à 5 sur 5\u00a0partenaires',
    ]);
  });
  it('count one sponsor, or one match, in the singular under the sponsor picker', () => {
    const hints = (count: number) =>
      ['en', 'es', 'fr'].flatMap((lang) =>
        ['form.sponsorHintAll', 'form.sponsorHintMatchesAll'].map((key) =>
          say(lang, 'register', key, { count }),
        ),
      );
    expect(hints(1)).toEqual([
      '1 sponsor',
      '1 match',
      '1 patrocinador',
      '1 resultado',
      '1\u00a0parrain',
      '1\u00a0résultat',
    ]);
    expect(hints(3)).toEqual([
      '3 sponsors',
      '3 matches',
      '3 patrocinadores',
      '3 resultados',
      '3\u00a0parrains',
      '3\u00a0résultats',
    ]);
  });
  it("say the countdown's units in the singular for one (fr: and for none)", () => {
    const units = (lang: string, count: number) =>
      ['days', 'hours', 'minutes', 'seconds'].map((u) =>
        say(lang, 'liveCalls', `countdownLabel.${u}`, { count }),
      );
    expect(['en', 'es', 'fr'].map((lang) => units(lang, 1).join(' '))).toEqual([
      '1 day 1 hour 1 minute 1 second',
      '1 día 1 hora 1 minuto 1 segundo',
      '1\u00a0jour 1\u00a0heure 1\u00a0minute 1\u00a0seconde',
    ]);
    expect(units('fr', 0).join(' ')).toBe('0\u00a0jour 0\u00a0heure 0\u00a0minute 0\u00a0seconde');
    expect(units('es', 0).join(' ')).toBe('0 días 0 horas 0 minutos 0 segundos');
  });
  it('say one copied name in the singular', () => {
    expect(
      ['en', 'es', 'fr'].map((lang) => say(lang, 'onboarding', 'step3.copiedText', { count: 1 })),
    ).toEqual([
      '1 name copied to the clipboard.',
      '1 nombre copiado al portapapeles.',
      '1\u00a0nom copié dans le presse-papiers.',
    ]);
    expect(say('fr', 'onboarding', 'step3.copiedText', { count: 5 })).toBe(
      '5\u00a0noms copiés dans le presse-papiers.',
    );
  });
});

// A number of things agrees with its noun in every language ("1\u00a0étape sur 5\u00a0terminée", not
// "1\u00a0étapes … terminées"): a text that counts is an i18next plural (key_one / key_other, said
// with `count`), unless it is on the list below.
const COUNTS = new Set([
  'count',
  'total',
  'left',
  'min',
  'max',
  'target',
  'shown',
  'done',
  'days',
  'hours',
  'minutes',
  'seconds',
]);
const NOT_PLURAL: Record<string, string> = {
  // a fraction or a bare count: no noun follows the number
  'academy:progress.steps': '"3/5 foundation steps": the noun goes with the 5',
  'onboarding:step3.count': '"3 / 10"',
  'partners:sheet.step3.customers': '"Customers (3)"',
  'partners:sheet.step3.partners': '"Potential partners (3)"',
  'vault:more': '"+3 more"',
  // fixed numbers, never one (checked below)
  'onboarding:step3.lead': 'LIST_MIN_ENTRIES and LIST_TARGET_ENTRIES',
  'onboarding:step3.listFull': 'LIST_MAX_ENTRIES',
  'onboarding:step3.needMore': 'LIST_MIN_ENTRIES',
  'onboarding:step3.tooShortText': 'LIST_MIN_ENTRIES',
  'register:form.sponsorHintDefault': 'the picker shows the first 50 of more than 50 sponsors',
  'register:form.sponsorHintMatches': 'the picker shows 100 of more than 100 matches',
};
/** Each text's key without its plural suffix, with the namespace: "foundation:introProgress". */
const baseKey = (ns: string, key: string) => `${ns}:${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;

describe('counted texts', () => {
  it('only fixed numbers above one are said without plural forms', () => {
    expect([LIST_MIN_ENTRIES, LIST_TARGET_ENTRIES, LIST_MAX_ENTRIES].every((n) => n > 1)).toBe(true);
  });

  const counted = new Map<string, string>(); // base key → namespace
  for (const ns of namespacesOf('en'))
    for (const [key, value] of load('en', ns))
      if (typeof value === 'string' && placeholders(value).some((p) => COUNTS.has(p)))
        counted.set(baseKey(ns, key), ns);
  const plural = (lang: string, base: string) => {
    const [ns, key] = base.split(':') as [string, string];
    const texts = load(lang, ns);
    return texts.has(`${key}_one`) && texts.has(`${key}_other`);
  };

  for (const lang of languages)
    it(`are plurals that say 0, 1, 2 and 5 of a thing in ${lang}`, () => {
      const problems: string[] = [];
      for (const [base, ns] of counted) {
        if (base in NOT_PLURAL) continue;
        if (!plural(lang, base)) {
          problems.push(`${base}: no _one / _other forms`);
          continue;
        }
        const key = base.slice(ns.length + 1);
        const numbers = [0, 1, 2, 5];
        const said = numbers.map((n) => {
          const values = placeholders(String(load(lang, ns).get(`${key}_other`))).map((v) => [v, n]);
          return say(lang, ns, key, { ...Object.fromEntries(values), count: n });
        });
        said.forEach((text, i) => {
          if (!text.includes(String(numbers[i])) || text.includes('{{')) problems.push(`${base}: ${text}`);
        });
        // es and fr say one and many in words (English may keep a spec's "video(s)")
        const words = (text: string) => text.replace(/\d+/g, 'N');
        if (lang !== 'en' && words(said[1]!) === words(said[3]!))
          problems.push(`${base}: "${said[1]}" / "${said[3]}"`);
      }
      expect(problems).toEqual([]);
    });
});
