import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, TEST_ADMIN_URL, databaseUrl, stampedName } from '../env';
import { freePort, waitFor, workerMetrics } from '../servers';

/**
 * Issue 14 point 5, without a Docker engine: the steps of ops/docker/app.Dockerfile. The server
 * is compiled (`npm run build:server`) into a temporary directory, which must hold no test or
 * bench code and import only the declared production dependencies; then the compiled migration,
 * API and worker run with the pinned Node 24 itself (no tsx) in production mode against a fresh
 * database, and the API answers /api/health and serves the bundles. The image's own settings
 * (non-root user, health check, commands) are read from the Dockerfile and docker-compose.yml.
 */
const root = path.resolve(__dirname, '../..');
const node = path.join(root, 'node_modules/.bin/node');
const out = mkdtempSync(path.join(tmpdir(), 'portal-server-'));
const database = stampedName('test');
const url = databaseUrl(database);
const processes: ChildProcess[] = [];

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(out, path.join(e.parentPath, e.name)));
}

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

const env = (extra: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  DATABASE_URL: url,
  REDIS_URL,
  REDIS_PREFIX: `t:${database}:`,
  SESSION_KEYS: randomBytes(32).toString('hex'),
  METRICS_TOKEN: randomBytes(24).toString('hex'),
  STREAM_KEY: randomBytes(32).toString('hex'),
  REGISTRATION_PASSCODE: randomBytes(5).toString('hex'),
  ADMIN_EMAIL: 'admin@portal.localhost',
  // the compose stack's plain-HTTP defaults (docker-compose.yml)
  COOKIE_SECURE: 'false',
  HOST: '127.0.0.1',
  SERVE_BUNDLES: '1',
  BCRYPT_THREADS: '1',
  LOG_LEVEL: 'info',
  ...extra,
});

function start(script: string, extra: Record<string, string>) {
  const proc = spawn(node, [script], { cwd: out, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  processes.push(proc);
  return { proc, log: () => log };
}

beforeAll(() => {
  const result = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), 'ops/build-server.ts', out],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  expect(result.status, result.stderr).toBe(0);
  // What the image adds around the compiled files: package.json ("type": "module"), the
  // dependencies (here the repository's), the built bundles.
  writeFileSync(path.join(out, 'package.json'), readFileSync(path.join(root, 'package.json')));
  symlinkSync(path.join(root, 'node_modules'), path.join(out, 'node_modules'));
  for (const app of ['partner', 'admin']) {
    const dist = path.join(root, 'frontend', app, 'dist');
    if (!existsSync(dist)) continue;
    mkdirSync(path.join(out, 'frontend', app), { recursive: true });
    symlinkSync(dist, path.join(out, 'frontend', app, 'dist'));
  }
  return admin(`create database "${database}"`);
}, 120_000);

afterAll(async () => {
  for (const proc of processes) {
    if (proc.exitCode !== null) continue;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    await exited;
  }
  rmSync(out, { recursive: true, force: true });
  await admin(`drop database if exists "${database}" with (force)`);
});

describe('the production build (npm run build:server), run by plain node', { timeout: 120_000 }, () => {
  it('holds compiled JavaScript only, with no test, bench or testing code', () => {
    const files = allFiles(out).filter((f) => !f.startsWith('node_modules') && !f.startsWith('frontend'));
    expect(files).toContain('backend/src/main.js');
    expect(files).toContain('worker/src/main.js');
    expect(files).toContain('backend/src/cli/migrate.js');
    expect(files).toContain('backend/src/infra/bcryptWorker.js');
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(files.filter((f) => /\.test\.|\.testWorker\./.test(f))).toEqual([]);
    expect(files.filter((f) => /(^|\/)(bench|testing)\//.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.js')).every((f) => files.includes(`${f}.map`))).toBe(true);
  });

  it('imports only Node built-ins and the production dependencies of the server workspaces', () => {
    const declared = new Set(
      ['backend', 'worker', 'contracts'].flatMap((w) =>
        Object.keys(
          (JSON.parse(readFileSync(path.join(root, w, 'package.json'), 'utf8')) as { dependencies?: object })
            .dependencies ?? {},
        ),
      ),
    );
    const builtins = new Set(builtinModules);
    const used = new Set<string>();
    const server = allFiles(out).filter((f) => f.endsWith('.js') && /^(backend|worker|contracts)\//.test(f));
    for (const file of server) {
      const code = readFileSync(path.join(out, file), 'utf8');
      for (const m of code.matchAll(
        /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)["']([^"'.][^"']*)["']/gm,
      ))
        used.add(m[1]);
    }
    const packageOf = (spec: string) =>
      spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/');
    const undeclared = [...used].filter(
      (spec) => !spec.startsWith('node:') && !builtins.has(spec) && !declared.has(packageOf(spec)),
    );
    expect(used.size).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });

  it('migrates a fresh database, then the API answers /api/health and serves the bundles; the worker exports metrics', async () => {
    const migrate = spawnSync(node, ['backend/src/cli/migrate.js'], {
      cwd: out,
      env: env({}),
      encoding: 'utf8',
    });
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const sources = readdirSync(path.join(root, 'backend/migrations')).filter((f) =>
      /^\d{14}_[\w-]+\.ts$/.test(f),
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const applied = await client.query<{ name: string }>('select name from knex_migrations order by id');
    await client.end();
    expect(applied.rows.map((r) => r.name)).toEqual(sources.map((f) => f.replace(/\.ts$/, '')).sort());

    const port = await freePort();
    const api = start('backend/src/main.js', { PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => (await fetch(`${base}/api/health`).catch(() => null))?.status === 200,
      90_000,
      `compiled API (${api.log().slice(-800)})`,
    );
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    if (existsSync(path.join(root, 'frontend/partner/dist/index.html'))) {
      const page = await fetch(`${base}/academy`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"');
    }
    // a sign-in runs bcrypt in the compiled worker thread (bcryptWorker.js)
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'nobody@portal.localhost', password: 'Wrong-Password-1' }),
    });
    expect(login.status).toBe(401);
    expect(api.log()).not.toMatch(/"level":(50|60)/);

    const metricsPort = await freePort();
    const token = randomBytes(24).toString('hex');
    const worker = start('worker/src/main.js', {
      WORKER_METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: token,
    });
    await waitFor(
      async () => (await workerMetrics(metricsPort, token).catch(() => null))?.ok === true,
      90_000,
      `compiled worker (${worker.log().slice(-800)})`,
    );
    expect(await (await workerMetrics(metricsPort, token)).text()).toContain('bullmq_queue_jobs');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);
  });
});

describe('ops/docker/app.Dockerfile', () => {
  const dockerfile = readFileSync(path.join(root, 'ops/docker/app.Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('runs the compiled server as a non-root user with production dependencies only and a health check', () => {
    expect(dockerfile).toMatch(/RUN npm run build && npm run build:server/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\/api\/health/ms);
    expect(runtime).toMatch(/^CMD \["node", "backend\/src\/main\.js"\]$/m);
    expect(runtime).toContain('COPY --from=build /app/dist/server/backend backend/');
    expect(runtime).not.toMatch(/tsx|COPY \. |bench|testing/);
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['bench', 'testing', '**/*.test.ts', '.env']));
  });
});
