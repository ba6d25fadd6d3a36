/**
 * Paint first, then run the app. Vite's index.html starts the entry module with a
 * `<script type="module">`; on a phone its evaluation (React, antd, the router: hundreds of
 * milliseconds of main thread) ran before the browser painted the static top bar and, on `/`,
 * the landing page that the HTML already holds. The build replaces that tag with a
 * `modulepreload` of the entry (the download starts as early as before) and a few bytes of
 * script that import the entry after the first frame is painted (at once in a hidden tab,
 * where no frame comes). Used by the partner app and the admin console.
 * The preloads (the entry's and the chunks it imports) ask for low priority: the first paint
 * waits for none of them (the HTML's own sheet is all it needs), and Lighthouse's model of a
 * slow phone counts a high-priority script as render-blocking, so it dated the first paint
 * after the entry's download (about 1 s on its slow 4G).
 */
import type { Plugin } from 'vite';

const ENTRY = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/;

export function paintFirst(): Plugin {
  return {
    name: 'portal-paint-first',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      const entry = ENTRY.exec(html);
      if (!entry) throw new Error('paintFirst: no entry module script in index.html');
      const src = entry[1]!;
      const base = src.slice(0, src.lastIndexOf('/assets/') + 1);
      const boot = this.emitFile({
        type: 'asset',
        name: 'boot.js',
        source: [
          '// paint first, then run the app (build/paintFirst.ts)',
          // a page that paints its content from the HTML asks for its code only now
          // (backend/src/http/bundles.ts puts those preloads in a template)
          `const start = () => {`,
          "  const code = document.getElementById('after-paint');",
          '  if (code) document.head.append(code.content);',
          `  return import(${JSON.stringify(src)});`,
          '};',
          "if (document.visibilityState === 'hidden') start();",
          'else requestAnimationFrame(() => setTimeout(start));',
          '',
        ].join('\n'),
      });
      index.source = html
        .replace(
          entry[0],
          `<link rel="modulepreload" crossorigin href="${src}">\n    <script type="module" src="${base}${this.getFileName(boot)}"></script>`,
        )
        .replace(/<link rel="modulepreload"[^>]*(?=>)/g, '$& fetchpriority="low"');
    },
  };
}
