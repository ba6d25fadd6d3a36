/**
 * `npm run build:server [outdir]`: compiles the API, the worker, their command-line tools and
 * the migrations to plain JavaScript for `node` (the production image, ops/docker/app.Dockerfile).
 *
 * Every source file becomes one .js file at the same place under `outdir` (default dist/server),
 * so paths the code builds from `import.meta.url` (migrations, the bcrypt worker, the front-end
 * bundles) stay right. Imports of other source files (relative or `@portal/...`) are rewritten to
 * their .js siblings; npm packages stay imports (installed with `npm ci --omit=dev`). Only files
 * reachable from the entry points are compiled: no test, bench or testing code gets in.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'dist/server'));

const workspaces: Record<string, string> = {
  '@portal/contracts': 'contracts/src',
  '@portal/backend': 'backend/src',
  '@portal/worker': 'worker/src',
};

const entries = [
  'backend/src/main.ts',
  'backend/src/infra/bcryptWorker.ts',
  'backend/src/cli/migrate.ts',
  'backend/src/cli/seed.ts',
  'backend/src/cli/rebuildProjections.ts',
  'worker/src/main.ts',
  ...readdirSync(path.join(root, 'backend/migrations'))
    .filter((f) => /^\d{14}_[\w-]+\.ts$/.test(f))
    .map((f) => `backend/migrations/${f}`),
].map((f) => path.join(root, f));

/** The source file an import names, when it is one of ours (a .ts file), else null. */
function sourceFile(spec: string, importerDir: string): string | null {
  let base: string;
  const workspace = Object.keys(workspaces).find((w) => spec === w || spec.startsWith(`${w}/`));
  if (workspace) {
    const rest = spec.slice(workspace.length);
    base = path.join(root, workspaces[workspace], rest === '' ? 'index' : rest);
  } else if (spec.startsWith('.')) {
    base = path.resolve(importerDir, spec);
  } else return null;
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')])
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  return null;
}

const isTestCode = (file: string) =>
  /\.(test|testWorker)\.ts$/.test(file) || /^(bench|testing)\//.test(path.relative(root, file));

/** Leaves our own modules as imports of their compiled siblings and records them. */
function siblings(found: Set<string>): Plugin {
  return {
    name: 'compiled-siblings',
    setup(b) {
      b.onResolve({ filter: /^(\.|@portal\/)/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = sourceFile(args.path, args.resolveDir);
        if (!target) return undefined; // JSON and the like: inlined
        if (isTestCode(target))
          throw new Error(
            `${path.relative(root, args.importer)} imports test code ${path.relative(root, target)}`,
          );
        found.add(target);
        let rel = path.relative(args.resolveDir, target).replace(/\.ts$/, '.js');
        if (!rel.startsWith('.')) rel = `./${rel}`;
        return { path: rel, external: true };
      });
    },
  };
}

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const done = new Set<string>();
let pending = new Set(entries);
while (pending.size > 0) {
  const found = new Set<string>();
  await build({
    entryPoints: [...pending],
    outbase: root,
    outdir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [siblings(found)],
  });
  for (const file of pending) done.add(file);
  pending = new Set([...found].filter((f) => !done.has(f)));
}
console.log(`build:server: ${done.size} modules compiled to ${path.relative(process.cwd(), outdir) || '.'}`);
