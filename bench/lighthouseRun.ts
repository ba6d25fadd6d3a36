/**
 * `npm run bench:lighthouse`: only the Lighthouse table of `make bench`, on a small dataset of
 * its own (build the bundles first: npm run build). Prints the table and writes it, with the
 * machine and its load, to bench/results/lighthouse.md.
 *
 * BENCH_DB_PREFIX=name: its database is <name>_lighthouse (default portal_bench_lighthouse).
 * LIGHTHOUSE_RUNS=3 measures each page that many times (in rounds) and reports every run's
 * performance score and their median (the machine is shared: one run is noise);
 * LIGHTHOUSE_PAGES=/,/academy measures only those pages; LIGHTHOUSE_REPORTS=<dir> keeps every
 * run's full report and its trace (<page>-<time>.trace.json, for Chromium's Performance panel).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import bcrypt from 'bcryptjs';
import { LIGHTHOUSE_PAGES, inRounds, lighthouseTable, measureLighthouse } from './lighthouse';
import { DB_PREFIX, PASSWORD, buildDataset } from './setup';

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const pages = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [...LIGHTHOUSE_PAGES];

await buildDataset(`${DB_PREFIX}_lighthouse`, 200, 150, await bcrypt.hash(PASSWORD, 12));
const loads = [os.loadavg()[0]];
const rows = await measureLighthouse(`${DB_PREFIX}_lighthouse`, inRounds(pages, runs));
loads.push(os.loadavg()[0]);

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; load average ${loads[0].toFixed(1)} at the start, ${loads[1].toFixed(1)} at the end (performance scores fall on a busy machine)`;
const text = [
  `# Lighthouse ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Machine: ${machine}.`,
  '',
  ...lighthouseTable(rows),
].join('\n');
console.log(text);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/lighthouse.md', text);
process.exit(0);
