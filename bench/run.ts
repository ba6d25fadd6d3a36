/**
 * make bench: every figure of QUALITY.md's Performance section as a ratio against a baseline
 * measured in the same run on the same machine. `--smoke` runs a small, short version (part of
 * make test through bench/smoke.int.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { parseConfig } from '../backend/src/config';
import { buildRuntime } from '../backend/src/app/bootstrap';
import { createDb } from '../backend/src/infra/db';
import { createLogger } from '../backend/src/infra/logger';
import { migrateLatest } from '../backend/src/infra/migrate';
import { createPostgresEventStore } from '../backend/src/eventStore/postgres';
import { ProjectionHost } from '../backend/src/projections/runner';
import { rebuildProjection } from '../backend/src/projections/rebuild';
import { usersProjection } from '../backend/src/projections/users';
import type { Projection } from '../backend/src/projections/projection';
import { createClient } from '../testing/app';
import { freePort, waitFor } from '../testing/servers';
import { generate } from './generate';
import { percentile, runLoad } from './load';
import { p99Between, scrapeApplyDelay } from './projectionLag';
import { comparePeerAppend } from './peerAppend';

const smoke = process.argv.includes('--smoke');
const scale = smoke
  ? { large: 1_000, small: 200, bigSponsor: 150, seconds: 1, appends: 300 }
  : { large: 100_000, small: 1_000, bigSponsor: 5_000, seconds: 8, appends: 4_000 };
const PASSWORD = 'Bench-Password-2026';
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dbUrl = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const log = (...args: unknown[]) => console.error('[bench]', ...args);

interface Row {
  figure: string;
  measured: string;
  baseline: string;
  ratio: number | null;
  goal: string;
  pass: boolean | null;
}
const rows: Row[] = [];
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
function record(
  figure: string,
  measured: string,
  baseline: string,
  ratio: number | null,
  goal: string,
  pass: boolean | null,
) {
  rows.push({ figure, measured, baseline, ratio, goal, pass });
  log(`${figure}: ${measured} vs ${baseline} → ${ratio === null ? '-' : ratio.toFixed(2)} (${goal})`);
}

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

const env = (database: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'development',
  DATABASE_URL: dbUrl(database),
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `bench:${database}:`,
  SESSION_KEYS: 'bench-session-key-0123456789abcdef0123456789',
  REGISTRATION_PASSCODE: 'BENCHPASS',
  ADMIN_EMAIL: 'admin@bench.test',
  METRICS_TOKEN: 'bench-metrics-token-0123456789',
  BCRYPT_COST: '12',
  LOG_LEVEL: 'warn',
  ...extra,
});

/** Builds a database of `users` accounts as events and projects it (timed: the projection figure). */
async function buildDataset(database: string, users: number, bigSponsor: number, passwordHash: string) {
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
  return data;
}

function spawnProcess(script: string, processEnv: Record<string, string>, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', import.meta.resolve('tsx'), script], {
    env: { PATH: process.env.PATH, ...processEnv, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function startApi(database: string) {
  const port = await freePort();
  const proc = spawnProcess('backend/src/main.ts', env(database), port);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/api/health`)).status === 200, 120_000, `API on ${database}`);
  return { url, proc };
}

async function signIn(url: string, email: string) {
  const client = createClient(url);
  const res = await client.post('/api/login', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.text}`);
  return client.cookie!;
}

/** Mean latency of a GET under light load: the cost of one request. */
/** Runs one figure; a failure is recorded as a miss with its reason instead of ending the run. */
async function figure(name: string, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (error) {
    record(
      name,
      `not measured: ${error instanceof Error ? error.message : String(error)}`,
      '-',
      null,
      '-',
      false,
    );
  }
}

async function cost(url: string, pathname: string, cookie: string) {
  const r = await runLoad({
    url,
    path: pathname,
    headers: { cookie },
    connections: 4,
    durationSec: scale.seconds,
  });
  if (r.non2xx > 0) throw new Error(`${pathname} answered non-2xx ${r.non2xx} times`);
  return r;
}

async function main() {
  const passwordHash = await bcrypt.hash(PASSWORD, 12);
  const large = await buildDataset('portal_bench_large', scale.large, scale.bigSponsor, passwordHash);
  await buildDataset(
    'portal_bench_small',
    scale.small,
    Math.min(scale.bigSponsor, scale.small - 20),
    passwordHash,
  );

  // ---- projection rebuild vs batched INSERT of the same rows ----
  {
    const db = createDb({ connectionString: dbUrl('portal_bench_large') });
    const store = createPostgresEventStore({ connectionString: dbUrl('portal_bench_large'), poolSize: 16 });
    const rowsCount = scale.large;
    let t = performance.now();
    await rebuildProjection(db, store, usersProjection, { batchSize: 2_000 });
    const rebuildRate = rowsCount / ((performance.now() - t) / 1000);
    // search_text is generated by PostgreSQL in the copy too: leave it out of the rows
    const users = (await db('users').select()).map(({ search_text: _generated, ...row }) => row);
    await db.raw('drop table if exists bench_users_copy');
    await db.raw('create table bench_users_copy (like users including all)');
    t = performance.now();
    for (let i = 0; i < users.length; i += 1_000)
      await db('bench_users_copy').insert(users.slice(i, i + 1_000));
    const insertRate = rowsCount / ((performance.now() - t) / 1000);
    await db.raw('drop table bench_users_copy');
    record(
      'Projection rebuild (users, rows/s)',
      fmt(rebuildRate),
      `${fmt(insertRate)} batched INSERT`,
      rebuildRate / insertRate,
      '≥ 0.50',
      rebuildRate / insertRate >= 0.5,
    );

    // ---- event store append vs plain INSERT, same concurrency ----
    await db.raw(
      'create table if not exists bench_plain (id bigint generated always as identity primary key, stream_id text, revision bigint, event_id uuid, type text, data jsonb, metadata jsonb, created_at timestamptz default now())',
    );
    const concurrency = 16;
    const n = scale.appends;
    const runPool = async (fn: (i: number) => Promise<unknown>) => {
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < n) await fn(next++);
        }),
      );
      return n / ((performance.now() - started) / 1000);
    };
    const appendRate = await runPool((i) =>
      store.appendToStream(`BenchAppend-${i}-${randomUUID()}`, [
        { id: randomUUID(), type: 'Benched', data: { i }, metadata: { actorId: null } },
      ]),
    );
    const pool = new pg.Pool({ connectionString: dbUrl('portal_bench_large'), max: 16 });
    const plainRate = await runPool((i) =>
      pool.query(
        'insert into bench_plain (stream_id, revision, event_id, type, data, metadata) values ($1, 0, $2, $3, $4, $5)',
        [
          `BenchPlain-${i}`,
          randomUUID(),
          'Benched',
          JSON.stringify({ i }),
          JSON.stringify({ actorId: null }),
        ],
      ),
    );
    await pool.end();
    record(
      `Event store append (${concurrency} writers, events/s)`,
      fmt(appendRate),
      `${fmt(plainRate)} plain INSERT`,
      appendRate / plainRate,
      '≥ 0.50',
      appendRate / plainRate >= 0.5,
    );
    await store.close();
    await db.destroy();
  }

  // ---- the same append against a peer's event store (emmett-postgresql), rounds interleaved ----
  await figure('Event store append vs emmett-postgresql', async () => {
    const { ours, peer } = await comparePeerAppend({
      connectionString: dbUrl('portal_bench_large'),
      concurrency: 16,
      appendsPerRound: Math.max(200, Math.round(scale.appends / 5)),
      rounds: 5,
    });
    record(
      'Event store append vs emmett-postgresql (16 writers, 5 interleaved rounds, events/s)',
      fmt(ours),
      `${fmt(peer)} emmett-postgresql`,
      ours / peer,
      '≥ 1.50',
      ours / peer >= 1.5,
    );
  });

  // ---- HTTP figures ----
  const barePort = await freePort();
  const bare = spawnProcess('bench/bareServer.ts', {}, barePort);
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await waitFor(async () => (await fetch(bareUrl)).ok, 30_000, 'bare server');
  const api = await startApi('portal_bench_large');
  const small = await startApi('portal_bench_small');
  const processes = [bare, api.proc, small.proc];
  try {
    const baseline = await runLoad({ url: bareUrl, path: '/', durationSec: scale.seconds });
    log(`bare Koa: ${fmt(baseline.rps)} req/s, p99 ${baseline.p99} ms`);
    const partnerEmail = 'bench7@bench.test';
    const cookie = await signIn(api.url, partnerEmail);
    // Reads and commands come from many partners, as in real use (partners of the big sponsor).
    const cookies: string[] = [];
    for (let i = 0; i < 24; i++) cookies.push(await signIn(api.url, `bench${20 + i}@bench.test`));

    const read = await runLoad({
      url: api.url,
      path: '/api/onboarding-progress',
      cookies,
      durationSec: scale.seconds,
    });
    record(
      'Authenticated read GET /api/onboarding-progress (req/s)',
      `${fmt(read.rps)} (p99 ${read.p99} ms)`,
      `${fmt(baseline.rps)} bare Koa`,
      read.rps / baseline.rps,
      '≥ 0.25',
      read.rps / baseline.rps >= 0.25 && read.non2xx === 0,
    );

    // Command with append and read-your-writes; a projection in this process records the lag.
    const lagDb = createDb({ connectionString: dbUrl('portal_bench_large') });
    await lagDb.raw(
      'create table if not exists bench_lag (event_id uuid primary key, lag_ms double precision not null)',
    );
    const lagProjection: Projection = {
      name: `bench_lag_${Date.now()}`,
      tables: ['bench_lag'],
      eventTypes: ['ReferralLinkSaved'],
      async apply(trx, event) {
        await trx.raw('insert into bench_lag (event_id, lag_ms) values (?, ?) on conflict do nothing', [
          event.id,
          Date.now() - event.createdAt.getTime(),
        ]);
      },
    };
    const lagStore = createPostgresEventStore({
      connectionString: dbUrl('portal_bench_large'),
      pollIntervalMs: 100,
    });
    const lagHost = new ProjectionHost(
      {
        db: lagDb,
        store: lagStore,
        logger: createLogger({ level: 'silent' }),
        databaseUrl: dbUrl('portal_bench_large'),
      },
      [lagProjection],
    );
    const startHead = await lagStore.headPosition();
    await lagDb('projection_checkpoints')
      .insert({ name: lagProjection.name, position: startHead })
      .onConflict('name')
      .merge();
    lagHost.start();
    let k = 0;
    const command = await runLoad({
      url: api.url,
      path: '/api/complete-step',
      method: 'POST',
      cookies,
      makeBody: () =>
        JSON.stringify({ step: 2, data: { feelGreatLink: `ufeelgreat.com/c/bench${process.pid}x${k++}` } }),
      durationSec: scale.seconds,
    });
    const head = await lagStore.headPosition();
    if (head) await lagHost.waitFor(head, { timeoutMs: 60_000 });
    await lagHost.stop();
    const lags = (await lagDb('bench_lag').select('lag_ms')).map((r) => Number(r.lag_ms));
    await lagDb.raw('drop table bench_lag');
    await lagDb.destroy();
    await lagStore.close();
    record(
      'Command POST /api/complete-step with append + read-your-writes (req/s)',
      `${fmt(command.rps)} (p99 ${command.p99} ms; projection lag p50 ${fmt(percentile(lags, 0.5))} ms, p99 ${fmt(percentile(lags, 0.99))} ms)`,
      `${fmt(baseline.rps)} bare Koa`,
      command.rps / baseline.rps,
      '≥ 0.10',
      command.rps / baseline.rps >= 0.1 && command.non2xx === 0,
    );

    // The same command load split over two API processes (one database, one Redis, sessions
    // shared): read-your-writes holds whichever API answers; both share the machine's cores.
    await figure('Command through two API processes vs one', async () => {
      const second = await startApi('portal_bench_large');
      processes.push(second.proc);
      const half = (url: string) =>
        runLoad({
          url,
          path: '/api/complete-step',
          method: 'POST',
          cookies,
          connections: 8,
          makeBody: () =>
            JSON.stringify({ step: 2, data: { feelGreatLink: `ufeelgreat.com/c/two${process.pid}x${k++}` } }),
          durationSec: scale.seconds,
        });
      const both = [api.url, second.url];
      const token = env('portal_bench_large').METRICS_TOKEN;
      const before = await scrapeApplyDelay(both, token);
      const [a, b] = await Promise.all([half(api.url), half(second.url)]);
      const lags = p99Between(before, await scrapeApplyDelay(both, token));
      const lagText = [...lags].map(([name, ms]) => `${name} ${fmt(ms)} ms`).join(', ');
      const rps = a.rps + b.rps;
      record(
        'Command POST /api/complete-step through two API processes vs one (req/s)',
        `${fmt(rps)} (p99 ${Math.max(a.p99, b.p99)} ms, ${a.non2xx + b.non2xx} non-2xx; projection lag p99: ${lagText || 'no samples'})`,
        `${fmt(command.rps)} one API (p99 ${command.p99} ms)`,
        rps / command.rps,
        'every answer 2xx (2 cores shared by both)',
        a.non2xx + b.non2xx === 0 && a.errors + b.errors === 0,
      );
    });

    // Logins: GET /api/me p99 idle vs while 20 logins run at once.
    const idle = await runLoad({
      url: api.url,
      path: '/api/me',
      headers: { cookie },
      connections: 4,
      durationSec: scale.seconds,
    });
    const logins = runLoad({
      url: api.url,
      path: '/api/login',
      method: 'POST',
      body: JSON.stringify({ email: 'bench13@bench.test', password: PASSWORD }),
      connections: 20,
      durationSec: scale.seconds + 2,
    });
    await new Promise((r) => setTimeout(r, 1_000));
    const busy = await runLoad({
      url: api.url,
      path: '/api/me',
      headers: { cookie },
      connections: 4,
      durationSec: scale.seconds,
    });
    const loginResult = await logins;
    record(
      'GET /api/me p99 during 20 concurrent logins (ms)',
      `${busy.p99} ms (${fmt(loginResult.rps, 1)} logins/s, bcrypt cost 12)`,
      `${idle.p99} ms idle`,
      busy.p99 / Math.max(idle.p99, 1),
      '≤ 3.00',
      busy.p99 / Math.max(idle.p99, 1) <= 3,
    );

    // Growth: admin list and partner list.
    await figure('Admin user list growth', async () => {
      const adminQuery =
        '/api/admin/users-paginated?page=3&limit=50&sortBy=lastLoginAt&sortOrder=desc&status=active&search=ana';
      const adminLarge = await cost(api.url, adminQuery, await signIn(api.url, 'bench0@bench.test'));
      const adminSmall = await cost(small.url, adminQuery, await signIn(small.url, 'bench0@bench.test'));
      record(
        `Admin user list (search, filter, sort, page) at ${fmt(scale.large)} vs ${fmt(scale.small)} users (p50 latency)`,
        `${fmt(adminLarge.p50)} ms p50`,
        `${fmt(adminSmall.p50)} ms p50`,
        Math.max(adminLarge.p50, 1) / Math.max(adminSmall.p50, 1),
        '≤ 3.00',
        Math.max(adminLarge.p50, 1) / Math.max(adminSmall.p50, 1) <= 3,
      );
    });
    await figure('Partner list growth', async () => {
      const partnerQuery = '/api/partners?search=a&status=all&sort=progress&page=2&pageSize=20';
      const bigPartners = await cost(api.url, partnerQuery, await signIn(api.url, 'bench1@bench.test'));
      const smallPartners = await cost(
        api.url,
        partnerQuery.replace('page=2', 'page=1'),
        await signIn(api.url, 'bench2@bench.test'),
      );
      record(
        `Partner list for a sponsor with ${fmt(scale.bigSponsor)} vs 10 partners`,
        `${fmt(bigPartners.p50)} ms p50`,
        `${fmt(smallPartners.p50)} ms p50`,
        Math.max(bigPartners.p50, 1) / Math.max(smallPartners.p50, 1),
        '≤ 3.00',
        Math.max(bigPartners.p50, 1) / Math.max(smallPartners.p50, 1) <= 3,
      );
    });
  } finally {
    for (const p of processes) p.kill('SIGTERM');
  }

  // ---- front-end sizes (exact, absolute) ----
  await figure('Partner app first load of /', async () => {
    const partnerSize = JSON.parse(
      execFileSync(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), 'frontend/partner/scripts/firstLoadSize.ts', '--json'],
        { encoding: 'utf8' },
      ),
    ) as { firstLoadGzipKb: number; withLandingRouteGzipKb: number | null };
    const firstLoad = partnerSize.withLandingRouteGzipKb ?? partnerSize.firstLoadGzipKb;
    record(
      'Partner app first load of / (gzip KB of JS)',
      `${fmt(firstLoad, 1)} KB`,
      '250 KB budget',
      firstLoad / 250,
      '≤ 1.00',
      firstLoad <= 250,
    );
  });
  const adminAssets = 'frontend/admin/dist/assets';
  if (existsSync(adminAssets)) {
    const kb =
      readdirSync(adminAssets)
        .filter((f) => f.endsWith('.js'))
        .reduce((sum, f) => sum + gzipSync(readFileSync(path.join(adminAssets, f)), { level: 9 }).length, 0) /
      1000;
    record(
      'Admin console, all JavaScript (gzip KB; separate bundle, admins only)',
      `${fmt(kb, 1)} KB`,
      'about 420 KB expected',
      null,
      'not loaded by partners',
      null,
    );
  }

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const machine = `${os.cpus().length} × ${cpu}, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
  const table = [
    `# Benchmark results${smoke ? ' (smoke run: small scale, short durations)' : ''}`,
    '',
    `Machine: ${machine}. Data: ${fmt(scale.large)} users (large), ${fmt(scale.small)} (small), a sponsor with ${fmt(scale.bigSponsor)} partners. Each load step runs ${scale.seconds} s with autocannon.`,
    '',
    '| Figure | Measured | Baseline (same run) | Ratio | Goal | Met |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.figure} | ${r.measured} | ${r.baseline} | ${r.ratio === null ? '-' : r.ratio.toFixed(2)} | ${r.goal} | ${r.pass === null ? '-' : r.pass ? 'yes' : 'NO'} |`,
    ),
    '',
  ].join('\n');
  console.log(table);
  if (!smoke) {
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/latest.md', table);
  } else {
    writeFileSync(path.join(os.tmpdir(), 'portal-bench-smoke.md'), table);
  }
  void large;
}

await main();
process.exit(0);
