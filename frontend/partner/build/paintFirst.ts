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
 * The chunks the entry imports statically are imported one at a time, each after the ones it
 * imports, with a task between them: the browser evaluates a module graph in one task, which
 * for the console's first load (react-admin, MUI, React: 1 MB) was one long task on a phone.
 * Cut into layers (the console's vite.config.ts), it is one shorter task per layer.
 */
import type { Plugin, Rollup } from 'vite';

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
      const layers = staticImportsInOrder(bundle, src.slice(base.length)).map((file) => base + file);
      const boot = this.emitFile({
        type: 'asset',
        name: 'boot.js',
        source: [
          '// paint first, then run the app (build/paintFirst.ts)',
          // a page that paints its content from the HTML asks for its code only now
          // (backend/src/http/bundles.ts puts those preloads in a template)
          '// each chunk the entry imports runs in a task of its own, then the entry',
          'const nextTask = () => new Promise((resolve) => setTimeout(resolve));',
          `const start = async () => {`,
          "  const code = document.getElementById('after-paint');",
          '  if (code) document.head.append(code.content);',
          `  for (const chunk of ${JSON.stringify(layers)}) {`,
          '    await import(chunk);',
          '    await nextTask();',
          '  }',
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

/** the chunks `entry` imports statically, each after the chunks it imports itself */
function staticImportsInOrder(bundle: Rollup.OutputBundle, entry: string): string[] {
  const order: string[] = [];
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk' || order.includes(file)) return;
    chunk.imports.forEach(visit);
    if (file !== entry) order.push(file);
  };
  visit(entry);
  return order;
}
