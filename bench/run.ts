/**
 * make bench: every figure of QUALITY.md's Performance section as a ratio against a baseline
 * measured in the same run on the same machine, one module per figure (bench/figures). A figure
 * that fails is recorded as a miss with its reason; the others still run and the table is
 * written. `--smoke` runs a small, short version (part of make test through
 * bench/smoke.int.test.ts); BENCH_QUICK=1 a small one for work on a hot path (BENCH_REUSE=1:
 * on the datasets of the previous run, with the admins' second factors it kept in .cache/bench);
 * BENCH_ONLY=a,b only the
 * named figures (keys below); BENCH_DB_PREFIX=name the databases' prefix (default portal_bench).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { freePort, waitFor } from '../testing/servers';
import { DB_PREFIX, PASSWORD, buildDataset, log, settle, signIn, spawnBareServer, startApi } from './setup';
import { latencyText, runLoad } from './load';
import { Report, fmt } from './report';
import { benchScale, runs } from './scale';
import { projectionRebuild } from './figures/projectionRebuild';
import { appendVsInsert } from './figures/appendVsInsert';
import { appendVsEmmett } from './figures/appendVsEmmett';
import type { HttpBench } from './figures/http';
import { authenticatedRead } from './figures/authenticatedRead';
import { command } from './figures/command';
import { twoApis } from './figures/twoApis';
import { loginsMe } from './figures/loginsMe';
import { adminListGrowth, partnerListGrowth } from './figures/listGrowth';
import { adminBundle, partnerFirstLoad } from './figures/frontEnd';
import { LIGHTHOUSE_PAGES, inRounds, lighthouseTable, measureLighthouse } from './lighthouse';

// `npm run bench -- --soak`: the ten-minute soak instead (bench/soak.ts, also `make soak`)
if (process.argv.includes('--soak')) await import('./soak');

const scale = benchScale();
const report = new Report();
const LARGE = `${DB_PREFIX}_large`;
const SMALL = `${DB_PREFIX}_small`;
const HTTP = ['read', 'command', 'two-apis', 'logins', 'admin-list', 'partner-list'];

async function httpFigures() {
  const barePort = await freePort();
  const bareProc = spawnBareServer(barePort);
  const processes = [bareProc];
  try {
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitFor(async () => (await fetch(bareUrl)).ok, 30_000, 'bare server');
    const api = await startApi(LARGE);
    processes.push(api.proc);
    const small = await startApi(SMALL);
    processes.push(small.proc);
    const bare = async () => {
      const load = await runLoad({
        url: bareUrl,
        path: '/',
        durationSec: scale.seconds,
        warmupSec: scale.warmupSeconds,
      });
      log(`bare Koa: ${fmt(load.rps)} req/s, p99 ${latencyText(load.p99)}`);
      return load;
    };
    // Reads and commands come from many partners, as in real use (partners of the big sponsor).
    const cookies: string[] = [];
    for (let i = 0; i < 24; i++) cookies.push(await signIn(api.url, `bench${20 + i}@bench.test`));
    const bench: HttpBench = {
      report,
      scale,
      api,
      small,
      database: LARGE,
      bare,
      cookie: await signIn(api.url, 'bench7@bench.test'),
      cookies,
      processes,
    };
    if (runs('read')) await report.figure('Authenticated read', () => authenticatedRead(bench));
    let one: { rps: number; p99: number } | null = null;
    if (runs('command'))
      await report.figure('Command POST /api/complete-step', async () => {
        one = await command(bench);
      });
    if (runs('two-apis') && one)
      await report.figure('Command through two API processes vs one', () => twoApis(bench, one!));
    if (runs('logins'))
      await report.figure('GET /api/me p99 during 20 concurrent logins', () => loginsMe(bench));
    if (runs('admin-list')) await report.figure('Admin user list growth', () => adminListGrowth(bench));
    if (runs('partner-list')) await report.figure('Partner list growth', () => partnerListGrowth(bench));
  } finally {
    for (const p of processes) p.kill('SIGTERM');
  }
}

async function main() {
  // BENCH_REUSE=1: keep the datasets of the previous run at the same scale, for quick comparisons
  if (!(process.env.BENCH_REUSE === '1' && scale.name !== 'smoke')) {
    const passwordHash = await bcrypt.hash(PASSWORD, 12);
    await buildDataset(LARGE, scale.large, scale.bigSponsor, passwordHash);
    await buildDataset(SMALL, scale.small, Math.min(scale.bigSponsor, scale.small - 20), passwordHash);
  }

  if (runs('rebuild')) {
    await report.figure('Projection rebuild', () => projectionRebuild(report, scale, LARGE));
    // the rebuild rewrote the users read model: vacuum and analyze it again before it is read
    await settle(LARGE);
  }
  if (runs('append')) await report.figure('Event store append', () => appendVsInsert(report, scale, LARGE));
  if (runs('emmett'))
    await report.figure('Event store append vs emmett-postgresql', () =>
      appendVsEmmett(report, scale, LARGE),
    );
  if (HTTP.some((key) => runs(key))) await report.figure('HTTP figures', httpFigures);
  if (runs('first-load')) await report.figure('Partner app first load of /', () => partnerFirstLoad(report));
  if (runs('admin-bundle')) await report.figure('Admin console bundle', () => adminBundle(report));
  // Lighthouse (mobile) on the production bundles: its own table; the smoke run measures `/` only
  let lighthouse: string[] = [];
  if (runs('lighthouse'))
    await report.figure('Lighthouse (mobile)', async () => {
      const pages = scale.name === 'smoke' ? ['/'] : LIGHTHOUSE_PAGES;
      lighthouse = lighthouseTable(await measureLighthouse(SMALL, inRounds(pages, scale.lighthouseRuns)));
    });

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const machine = `${os.cpus().length} × ${cpu}, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
  const title = `Benchmark results${scale.name === 'full' ? '' : ` (${scale.name} run: small scale, short durations)`}`;
  const table =
    report.table(
      title,
      `Machine: ${machine}. Data: ${fmt(scale.large)} users (large), ${fmt(scale.small)} (small), a sponsor with ${fmt(scale.bigSponsor)} partners. Each load step runs ${scale.seconds} s with autocannon (throughput loads after ${scale.warmupSeconds} s of uncounted warm-up). The API is the production build (ops/build-server.ts) run by node. The read and the command are the median of ${scale.pairs} pairs, each with its own bare-route load just before it.`,
    ) + ['', ...lighthouse].join('\n');
  console.log(table);
  if (scale.name === 'full' && !process.env.BENCH_ONLY) {
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/latest.md', table);
  } else {
    writeFileSync(path.join(os.tmpdir(), `portal-bench-${scale.name}.md`), table);
  }
}

await main();
process.exit(0);
