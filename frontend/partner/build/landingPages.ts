/**
 * The landing page (`/`) as HTML, one file per language (`dist/landing.<lang>.html`), written
 * at build time from the built index.html and the landing texts of src/locales. The server sends
 * it to signed-out visitors instead of index.html (backend/src/http/bundles.ts), so a phone
 * paints the hero, its largest text and the feature cards from the HTML and the landing's own
 * sheet, before the JavaScript has arrived. React's first render replaces the markup with the
 * same page (src/features/landing/LandingPage.tsx; the two are kept alike by the landing e2e
 * test); until then the two buttons are plain links to where they lead.
 */
import { readFileSync } from 'node:fs';
import { escapeHtml } from '../../../contracts/src/core/html.ts';
import type { Plugin } from 'vite';

const LANGUAGES = ['en', 'es', 'fr'] as const;

interface LandingTexts {
  eyebrow: string;
  title: string;
  subtitle: string;
  start: string;
  login: string;
  features: Record<
    'foundationTitle' | 'foundationText' | 'liveTitle' | 'liveText' | 'academyTitle' | 'academyText',
    string
  >;
}

const readTexts = (lang: string): LandingTexts =>
  JSON.parse(
    readFileSync(new URL(`../src/locales/${lang}/landing.json`, import.meta.url), 'utf8'),
  ) as LandingTexts;

/** the markup LandingPage renders inside RootLayout's <main> (without the feature icons) */
function landingMarkup(t: LandingTexts): string {
  const e = escapeHtml;
  const feature = (title: string, text: string) =>
    `<article class="landing-feature"><div class="landing-feature-icon" aria-hidden="true"></div><h2>${e(title)}</h2><p>${e(text)}</p></article>`;
  return [
    '<main class="app-main" id="main"><div class="landing"><section class="landing-hero"><div class="landing-hero-inner">',
    `<p class="landing-eyebrow">${e(t.eyebrow)}</p>`,
    `<h1 class="landing-title">${e(t.title)}</h1>`,
    `<p class="landing-subtitle">${e(t.subtitle)}</p>`,
    '<div class="landing-actions">',
    `<a class="ant-btn ant-btn-lg landing-cta landing-static-btn" href="/register" data-focus-key="landing-start">${e(t.start)}</a>`,
    `<a class="ant-btn ant-btn-lg ant-btn-background-ghost landing-login landing-static-btn" href="/login" data-focus-key="landing-login">${e(t.login)}</a>`,
    '</div></div><div class="landing-hero-art" aria-hidden="true"></div></section>',
    '<section class="landing-features page">',
    feature(t.features.foundationTitle, t.features.foundationText),
    feature(t.features.liveTitle, t.features.liveText),
    feature(t.features.academyTitle, t.features.academyText),
    '</section></div></main>',
  ].join('');
}

export function landingPages(): Plugin {
  return {
    name: 'portal-landing-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      const landing = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/features/landing/LandingPage.tsx'),
      );
      if (index?.type !== 'asset' || landing?.type !== 'chunk') return;
      const css = [...(landing.viteMetadata?.importedCss ?? [])]
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
        .join('');
      const html = String(index.source);
      const root = /(<div id="root">)([\s\S]*?<\/header>)\s*(<\/div>)/.exec(html);
      if (!root) throw new Error('landingPages: no static top bar inside #root in index.html');
      for (const lang of LANGUAGES) {
        const page = html
          .replace('<html lang="en">', `<html lang="${lang}">`)
          // the page is all in the HTML: its code (the language menu, the login dialog) is asked
          // for after the first paint by the boot script (build/paintFirst.ts), so it does not
          // share a slow link with the HTML and the sheets
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
          .replace('</head>', `${css}</head>`)
          .replace(root[0], `${root[1]}${root[2]}${landingMarkup(readTexts(lang))}${root[3]}`);
        this.emitFile({ type: 'asset', fileName: `landing.${lang}.html`, source: page });
      }
    },
  };
}
