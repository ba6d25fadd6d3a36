/** What every bench script shares: databases, the dataset, API processes, sign-in. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { parseConfig } from '../backend/src/config';
import { buildRuntime } from '../backend/src/app/bootstrap';
import { createDb } from '../backend/src/infra/db';
import { createLogger } from '../backend/src/infra/logger';
import { migrateLatest } from '../backend/src/infra/migrate';
import { createClient } from '../testing/app';
import { type TestSecondFactor, enrolThroughApi, passSecondFactor } from '../testing/users';
import { freePort, waitFor } from '../testing/servers';
import { generate } from './generate';

export const PASSWORD = 'Bench-Password-2026';
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const dbUrl = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
export const log = (...args: unknown[]) => console.error('[bench]', ...args);
/** BENCH_DB_PREFIX: other database names, so benches of several checkouts on one server never meet. */
export const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'portal_bench';

async function recreateDatabase(name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const db = createDb({ connectionString: dbUrl(name) });
  await migrateLatest(db);
  await db.destroy();
}

/**
 * The admins' second factors and the key their secrets are kept under, the same in every API the
 * bench starts (the Lighthouse API has session keys of its own, so it could not read secrets kept
 * under those). Written to `.cache/bench/` for the databases of this prefix whenever an admin
 * sets one up, and read back by a BENCH_REUSE=1 run, which signs the same admins in again.
 */
interface SecondFactors {
  keys: string;
  byUser: Record<string, TestSecondFactor>;
}
const SECOND_FACTORS_FILE = path.join('.cache', 'bench', `${DB_PREFIX}-second-factors.json`);

function loadSecondFactors(): SecondFactors {
  if (process.env.BENCH_REUSE === '1') {
    try {
      return JSON.parse(readFileSync(SECOND_FACTORS_FILE, 'utf8')) as SecondFactors;
    } catch {
      // no earlier run kept them: new ones (the admin-list figure then needs rebuilt datasets)
    }
  }
  return { keys: randomBytes(32).toString('hex'), byUser: {} };
}
const secondFactors = loadSecondFactors();

function keepSecondFactor(userId: string, factor: TestSecondFactor) {
  secondFactors.byUser[userId] = factor;
  mkdirSync(path.dirname(SECOND_FACTORS_FILE), { recursive: true });
  writeFileSync(SECOND_FACTORS_FILE, JSON.stringify(secondFactors), { mode: 0o600 });
}

export const env = (database: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'development',
  DATABASE_URL: dbUrl(database),
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `bench:${database}:`,
  SESSION_KEYS: 'bench-session-key-0123456789abcdef0123456789',
  SECOND_FACTOR_KEYS: secondFactors.keys,
  REGISTRATION_PASSCODE: 'BENCHPASS',
  ADMIN_EMAIL: 'admin@bench.test',
  METRICS_TOKEN: 'bench-metrics-token-0123456789',
  BCRYPT_COST: '12',
  LOG_LEVEL: 'warn',
  // the bench measures command cost with few sessions: the per-user write limits still run, never bind
  WRITES_PER_MINUTE: '1000000000',
  WRITE_BYTES_PER_DAY: '1000000000000',
  ...extra,
});

/**
 * Vacuums and analyzes a freshly built database: the state autovacuum keeps a live database in
 * (planner statistics, no dead row versions, a visibility map for index-only scans). A server
 * with autovacuum off (this one's test setup) would otherwise measure the minutes after a bulk
 * load: every read model row written twice, and plans made without statistics.
 */
export async function settle(database: string) {
  const client = new pg.Client({ connectionString: dbUrl(database) });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

/** Builds a database of `users` accounts as events and projects it (timed: the projection figure). */
export async function buildDataset(
  database: string,
  users: number,
  bigSponsor: number,
  passwordHash: string,
) {
  await recreateDatabase(database);
  // Through the runtime's store: its appends write the inline read models (users, progress).
  const runtime = buildRuntime(parseConfig(env(database)), { logger: createLogger({ level: 'warn' }) });
  await runtime.ready();
  const started = performance.now();
  const data = await generate(runtime.deps.store, {
    users,
    bigSponsorPartners: bigSponsor,
    passwordHash,
    onProgress: (n) => log(`${database}: ${n} users recorded`),
  });
  log(`${database}: ${data.events} events in ${Math.round(performance.now() - started)} ms`);
  runtime.deps.projections.start();
  const head = await runtime.deps.store.headPosition();
  if (head) await runtime.deps.projections.waitFor(head, { timeoutMs: 30 * 60_000 });
  await runtime.close();
  await settle(database);
  return data;
}

/** Runs a TypeScript file through tsx (the way `make start` runs the API). */
export function spawnProcess(script: string, processEnv: Record<string, string>, port: number): ChildProcess {
  return spawnNode(['--import', import.meta.resolve('tsx'), script], processEnv, port);
}

function spawnNode(args: string[], processEnv: Record<string, string>, port: number): ChildProcess {
  return spawn(process.execPath, args, {
    env: { PATH: process.env.PATH, ...processEnv, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', process.env.BENCH_API_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
}

/** Where the bench compiles the API, as the production image does (ops/build-server.ts). */
const SERVER_DIR = path.join('.cache', 'bench', 'server');
let serverBuilt = false;

/**
 * The API the HTTP figures measure: the production image's build (ops/build-server.ts, plain
 * JavaScript run by `node`), compiled once per bench process. tsx, which `make start` uses, keeps
 * every function's name by wrapping each closure the request path creates in a call, and loads
 * through its own hooks: measuring it would measure the development runner, not the API.
 */
function compiledServer(): string {
  if (!serverBuilt) {
    const built = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), 'ops/build-server.ts', SERVER_DIR],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (built.status !== 0) throw new Error(`compiling the API failed (exit ${built.status})`);
    serverBuilt = true;
  }
  return path.join(SERVER_DIR, 'backend', 'src', 'main.js');
}

/** Runs the bare Koa baseline the way the API runs: plain `node`, no loader (it has no types to strip). */
export function spawnBareServer(port: number): ChildProcess {
  return spawnNode(['bench/bareServer.ts'], {}, port);
}

export async function startApi(database: string) {
  const port = await freePort();
  const proc = spawnNode([compiledServer()], env(database), port);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/api/health`)).status === 200, 120_000, `API on ${database}`);
  return { url, proc };
}

/**
 * Signs a bench user in and answers its session cookie. Admins need a second factor (issue 13):
 * the first sign-in of an admin sets one up through the API, later ones pass it.
 */
export async function signIn(url: string, email: string) {
  const client = createClient(url);
  const res = await client.post('/api/login', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.text}`);
  const user = res.body.user as { id: string; secondFactor?: { enrolled: boolean; required: boolean } };
  const known = secondFactors.byUser[user.id];
  if (user.secondFactor?.enrolled) {
    if (!known) throw new Error(`sign-in of ${email}: a second factor the bench does not know`);
    await passSecondFactor(client, known);
    keepSecondFactor(user.id, known); // its spent code or recovery code, for the next run
  } else if (user.secondFactor?.required) {
    keepSecondFactor(user.id, await enrolThroughApi(client));
  }
  return client.cookie!;
}

/** Runs `fn(0..total-1)` with `concurrency` callers at once; answers the calls per second. */
export async function runConcurrently(
  total: number,
  concurrency: number,
  fn: (i: number) => Promise<unknown>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await fn(next++);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}
