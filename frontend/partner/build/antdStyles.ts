/**
 * antd's static style sheet (antd/dist/antd.css, every component, written with CSS variables so
 * it follows the theme's tokens) without the components this app never renders. With
 * `zeroRuntime` in the theme (src/app/theme.ts) antd writes no styles in the browser, so the
 * sheet is what a component looks like: the app's first render saves the main-thread time of
 * antd's CSS-in-JS, and the page downloads only the part it needs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * The `.ant-<block>` classes of components the partner app does not use (checked by
 * build/antdStyles.unit.test.ts against the app's antd imports). A rule is dropped only when
 * every class of its selectors belongs to one of these; anything else (shared motion, wave,
 * grid, icons, unknown blocks) is kept.
 */
export const UNUSED_ANTD_BLOCKS = [
  'affix',
  'anchor',
  'app',
  'avatar',
  'badge',
  'breadcrumb',
  'carousel',
  'cascader',
  'color',
  'descriptions',
  'divider',
  'dropdown',
  'float',
  'image',
  'layout',
  'list',
  'listy',
  'masonry',
  'mentions',
  'menu',
  'message',
  'otp',
  'pagination',
  'picker',
  'popconfirm',
  'popover',
  'qrcode',
  'rate',
  'result',
  'ribbon',
  'slider',
  'splitter',
  'statistic',
  'steps',
  'table',
  'tabs',
  'timeline',
  'tooltip',
  'tour',
  'transfer',
  'tree',
  'typography',
  'upload',
  // parts of used components: TreeSelect's tree, the grid's span/offset/order classes
  'select-tree',
  'col-span',
] as const;

const unused = new Set<string>(UNUSED_ANTD_BLOCKS);
const classOf = /\.ant-([a-z]+)(?:-([a-z]+))?(-[a-z0-9-]*)?/g;

/** The block names a class belongs to: `ant-select-tree-node` → select, select-tree. */
function blocksOf(m: RegExpMatchArray): string[] {
  const [whole, first, second] = m as unknown as [string, string, string | undefined];
  if (
    first === 'col' &&
    /^\.ant-col-(?:(?:xs|sm|md|lg|xl|xxl)-)?(?:(?:push|pull|offset|order)-)?\d/.test(whole)
  )
    return ['col-span'];
  return second ? [first, `${first}-${second}`] : [first];
}

/** True when a rule's selector list still styles something the app renders. */
function keepSelector(selector: string): boolean {
  return selector.split(',').some((one) => {
    const classes = [...one.matchAll(classOf)].map(blocksOf);
    return classes.length === 0 || classes.some((names) => !names.some((n) => unused.has(n)));
  });
}

/** Index of the `}` closing the block whose `{` is at `open`. */
function closing(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return i;
  }
  throw new Error('antd.css: unbalanced braces');
}

/** Drops the rules of unused components from minified CSS (at-rule groups are filtered inside). */
export function pruneAntdCss(css: string): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    const prelude = css.slice(i, open).trim();
    const end = closing(css, open);
    const body = css.slice(open + 1, end);
    if (/^@(media|supports|container|layer)\b/.test(prelude)) {
      const inner = pruneAntdCss(body);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@') || keepSelector(prelude)) {
      out += `${prelude}{${body}}`;
    }
    i = end + 1;
  }
  return out;
}

/** The `id` of the sheet's `<link>` in index.html (src/main.tsx waits for it, then applies it). */
const ANTD_SHEET_ID = 'antd-styles';
const DEV_PATH = '/@antd-styles.css';

/**
 * Puts antd's pruned sheet in index.html as `<link media="print">` before the app's own CSS:
 * it downloads alongside the scripts without holding back the first paint (the
 * top bar painted from index.html needs only the app's small sheet). src/main.tsx renders React
 * once it has loaded and switches it to all media; being first in the document, the app's own
 * rules still win over antd's as they did when antd wrote its styles at run time.
 */
export function antdStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const sheet = () => pruneAntdCss(readFileSync(require.resolve('antd/dist/antd.css'), 'utf8'));
  let href = DEV_PATH;
  const tags = () => [
    {
      tag: 'link',
      attrs: { id: ANTD_SHEET_ID, rel: 'stylesheet', href, media: 'print' },
      injectTo: 'head-prepend' as const,
    },
  ];
  return {
    name: 'antd-static-styles',
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'text/css');
        res.end(sheet());
      });
    },
    buildStart() {
      if (this.meta.watchMode) return;
      const source = sheet();
      // named by its content like Vite's own assets (cached for a year by the server)
      const fileName = `assets/antd-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source });
      href = `/${fileName}`;
    },
    transformIndexHtml: { order: 'post', handler: tags },
  };
}
