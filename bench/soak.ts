/**
 * npm run bench:soak [-- --minutes N] (make soak, or npm run bench -- --soak): mixed reads and commands through the API at a
 * steady rate for N minutes (10 by default). Each minute prints the p99 of reads and commands and
 * the API process's resident memory and event-loop delay p99 (its own Prometheus metrics); the
 * goal is flat memory from the first minute to the last and a loop delay p99 under 50 ms.
 * Results: bench/results/soak.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import bcrypt from 'bcryptjs';
import { latencyText, runLoad } from './load';
import { PASSWORD, buildDataset, env, log, signIn, startApi } from './setup';

const arg = process.argv.indexOf('--minutes');
const minutes = arg > 0 ? Number(process.argv[arg + 1]) : 10;
const READS_PER_SECOND = 200;
const COMMANDS_PER_SECOND = 20;
const DATABASE = 'portal_bench_soak';

const metric = (text: string, name: string) =>
  Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);

async function main() {
  await buildDataset(DATABASE, 1_000, 150, await bcrypt.hash(PASSWORD, 12));
  const api = await startApi(DATABASE);
  const token = env(DATABASE).METRICS_TOKEN;
  const scrape = async () => {
    const text = await (
      await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    return {
      rssMb: metric(text, 'process_resident_memory_bytes') / 2 ** 20,
      loopP99Ms: metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    };
  };
  const rows: {
    minute: number;
    readP99: number;
    commandP99: number;
    non2xx: number;
    rssMb: number;
    loopP99Ms: number;
  }[] = [];
  try {
    const cookies: string[] = [];
    for (let i = 0; i < 24; i++) cookies.push(await signIn(api.url, `bench${20 + i}@bench.test`));
    let k = 0;
    await scrape(); // starts the loop-delay window
    for (let minute = 1; minute <= minutes; minute++) {
      const [reads, commands] = await Promise.all([
        runLoad({
          url: api.url,
          path: '/api/onboarding-progress',
          cookies,
          connections: 8,
          durationSec: 60,
          ratePerSecond: READS_PER_SECOND,
        }),
        runLoad({
          url: api.url,
          path: '/api/complete-step',
          method: 'POST',
          cookies,
          connections: 4,
          durationSec: 60,
          ratePerSecond: COMMANDS_PER_SECOND,
          makeBody: () => JSON.stringify({ step: 2, data: { feelGreatLink: `ufeelgreat.com/c/soak${k++}` } }),
        }),
      ]);
      const figures = await scrape();
      const row = {
        minute,
        readP99: reads.p99,
        commandP99: commands.p99,
        non2xx: reads.non2xx + commands.non2xx,
        ...figures,
      };
      rows.push(row);
      log(
        `minute ${minute}: reads p99 ${latencyText(row.readP99)}, commands p99 ${latencyText(row.commandP99)}, RSS ${row.rssMb.toFixed(0)} MB, loop p99 ${row.loopP99Ms.toFixed(1)} ms`,
      );
    }
  } finally {
    api.proc.kill('SIGTERM');
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  const flat = last.rssMb <= first.rssMb * 1.2;
  const loopOk = rows.every((r) => r.loopP99Ms < 50);
  const table = [
    `# Soak (${minutes} min, ${READS_PER_SECOND} reads/s + ${COMMANDS_PER_SECOND} commands/s through one API)`,
    '',
    '| Minute | Read p99 (ms) | Command p99 (ms) | non-2xx | RSS (MB) | Event-loop delay p99 (ms) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.minute} | ${r.readP99.toFixed(2)} | ${r.commandP99.toFixed(2)} | ${r.non2xx} | ${r.rssMb.toFixed(0)} | ${r.loopP99Ms.toFixed(1)} |`,
    ),
    '',
    `Memory: ${first.rssMb.toFixed(0)} MB in minute 1, ${last.rssMb.toFixed(0)} MB in minute ${last.minute} (goal: flat, at most +20%): ${flat ? 'met' : 'NOT met'}.`,
    `Event-loop delay p99: ${first.loopP99Ms.toFixed(1)} ms in minute 1, ${last.loopP99Ms.toFixed(1)} ms in minute ${last.minute}; under 50 ms in every minute: ${loopOk ? 'met' : 'NOT met'}.`,
    '',
  ].join('\n');
  console.log(table);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/soak.md', table);
  process.exit(flat && loopOk ? 0 : 1);
}

await main();
