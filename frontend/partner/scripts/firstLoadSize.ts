/**
 * Gzip size of the JavaScript the partner app loads at start.
 *
 *   npx vite build && npx tsx scripts/firstLoadSize.ts [--json] [--budget=250] [--dist=path]
 *
 * Reads dist/.vite/manifest.json (build.manifest is on), starts at the entry chunk of
 * index.html and follows its static `imports` (what the browser fetches before anything
 * runs). Dynamic imports are excluded: they load on demand. A second figure adds the chunks
 * of the `/` route (the landing page and its static imports), which the router fetches at
 * once when the first URL is `/`. Exits 1 when the first figure is over the budget (KB of
 * 1000 bytes, gzip level 9 like most servers' static compression).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(args.get('dist') ?? join(here, '..', 'dist'));
const budgetKb = Number(args.get('budget') ?? 250);
const LANDING_SRC = 'src/features/landing/LandingPage.tsx';

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The chunk keys reachable from `start` through static imports, `start` included. */
function staticClosure(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const imp of manifest[start]?.imports ?? []) staticClosure(imp, seen);
  return seen;
}

/** Style sheets index.html links itself (antd's static sheet, build/antdStyles.ts), by file. */
const htmlCss = [
  ...readFileSync(join(dist, 'index.html'), 'utf8').matchAll(
    /<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g,
  ),
].map((m) => m[1]!);

function measure(keys: Iterable<string>) {
  const files = [...keys].map((k) => {
    const c = manifest[k]!;
    const raw = readFileSync(join(dist, c.file)).length;
    return { key: k, file: c.file, raw, gzip: gz(c.file) };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  const css = new Set([...htmlCss, ...[...keys].flatMap((k) => manifest[k]?.css ?? [])]);
  return {
    files,
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    raw: files.reduce((s, f) => s + f.raw, 0),
    cssGzip: [...css].reduce((s, f) => s + gz(f), 0),
  };
}

const entryKey =
  Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html')) ??
  Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error(`No entry chunk in ${dist}/.vite/manifest.json`);

const first = staticClosure(entryKey);
const firstLoad = measure(first);
const landingKey = Object.keys(manifest).find((k) => k.endsWith(LANDING_SRC));
const withLanding = landingKey ? measure(staticClosure(landingKey, new Set(first))) : null;

const print = (line: string) => process.stdout.write(`${line}\n`);
const kb = (n: number) => (n / 1000).toFixed(1);
const result = {
  budgetKb,
  firstLoadGzipKb: Number(kb(firstLoad.gzip)),
  firstLoadRawKb: Number(kb(firstLoad.raw)),
  firstLoadCssGzipKb: Number(kb(firstLoad.cssGzip)),
  withLandingRouteGzipKb: withLanding ? Number(kb(withLanding.gzip)) : null,
  chunks: firstLoad.files.map((f) => ({ file: f.file, gzipKb: Number(kb(f.gzip)) })),
};

if (args.has('json')) {
  print(JSON.stringify(result, null, 2));
} else {
  print(`Partner app first load (entry ${manifest[entryKey]!.file} + static imports):`);
  for (const f of firstLoad.files) print(`  ${kb(f.gzip).padStart(7)} KB gzip  ${f.file}`);
  print(`  ${'-'.repeat(7)}`);
  print(
    `  ${kb(firstLoad.gzip).padStart(7)} KB gzip JavaScript (${kb(firstLoad.raw)} KB raw), budget ${budgetKb} KB`,
  );
  print(`  ${kb(firstLoad.cssGzip).padStart(7)} KB gzip CSS (antd's static sheet included)`);
  if (withLanding)
    print(`  ${kb(withLanding.gzip).padStart(7)} KB gzip JavaScript including the / route's lazy chunks`);
}
if (firstLoad.gzip > budgetKb * 1000) {
  console.error(`Over budget: ${kb(firstLoad.gzip)} KB > ${budgetKb} KB`);
  process.exit(1);
}
