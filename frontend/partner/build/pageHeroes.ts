/**
 * The Academy's hero as HTML, per language and state, written at build time from the academy
 * texts of src/locales (`dist/page-heroes.json`). The server puts it into a signed-in partner's
 * `/academy` after the static top bar (backend/src/http/bundles.ts, `sendPageWithData`), with
 * the partner's first name where the text has `{{name}}`, so a phone paints the page's largest
 * text from the HTML instead of after the code has run. React's first render replaces it with the
 * same hero (src/features/academy/AcademyPage.tsx; the academy e2e test holds the two alike). The
 * hero's button comes with the rest of the page: the text does not move when it does.
 */
import { readFileSync } from 'node:fs';
import { escapeHtml } from '../../../contracts/src/core/html.ts';
import icons from '@ant-design/icons-svg';
import { renderIconDefinitionToSVGElement } from '@ant-design/icons-svg/lib/helpers';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { Plugin } from 'vite';

const LANGUAGES = ['en', 'es', 'fr'] as const;
// a CommonJS package: its icons are the default export's properties
const { CheckCircleFilled, LockOutlined } = icons;

interface AcademyTexts {
  hero: Record<
    'foundationComplete' | 'foundationRequired' | 'title' | 'text' | 'lockedTitle' | 'lockedText',
    string
  >;
}

/** `{ "/academy": { "<lang>": { done, locked } } }`: the markup inside `<div id="root">` after the top bar */
type PageHeroes = Record<string, Record<string, { done: string; locked: string }>>;

const readTexts = (lang: string): AcademyTexts =>
  JSON.parse(
    readFileSync(new URL(`../src/locales/${lang}/academy.json`, import.meta.url), 'utf8'),
  ) as AcademyTexts;

/** an icon as @ant-design/icons renders it */
const icon = (definition: IconDefinition) =>
  `<span role="img" aria-label="${definition.name}" class="anticon anticon-${definition.name}">${renderIconDefinitionToSVGElement(
    definition,
    {
      extraSVGAttrs: {
        'data-icon': definition.name,
        width: '1em',
        height: '1em',
        fill: 'currentColor',
        'aria-hidden': 'true',
      },
    },
  )}</span>`;

/** what RootLayout's <main> holds of AcademyPage: its hero, without the button */
function academyHero(t: AcademyTexts, locked: boolean): string {
  const e = escapeHtml;
  const pill = locked
    ? `<span class="hub-pill hub-pill-warn">${icon(LockOutlined)} ${e(t.hero.foundationRequired)}</span>`
    : `<span class="hub-pill">${icon(CheckCircleFilled)} ${e(t.hero.foundationComplete)}</span>`;
  return [
    `<main class="app-main" id="main"><div class="page academy${locked ? ' academy-locked' : ''}">`,
    '<section class="academy-hero"><div class="academy-hero-text">',
    pill,
    `<h1>${e(locked ? t.hero.lockedTitle : t.hero.title)}</h1>`,
    `<p>${e(locked ? t.hero.lockedText : t.hero.text)}</p>`,
    '</div><div class="academy-hero-actions"></div></section></div></main>',
  ].join('');
}

export function pageHeroes(): Plugin {
  return {
    name: 'portal-page-heroes',
    apply: 'build',
    generateBundle() {
      const heroes: PageHeroes = {
        '/academy': Object.fromEntries(
          LANGUAGES.map((lang) => {
            const t = readTexts(lang);
            return [lang, { done: academyHero(t, false), locked: academyHero(t, true) }];
          }),
        ),
      };
      this.emitFile({ type: 'asset', fileName: 'page-heroes.json', source: JSON.stringify(heroes) });
    },
  };
}
