/**
 * `npm run bench:lighthouse`: only the Lighthouse table of `make bench`, on a small dataset of
 * its own (build the bundles first: npm run build). Prints the table and writes it, with the
 * machine and its load, to bench/results/lighthouse.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import bcrypt from 'bcryptjs';
import { lighthouseTable, measureLighthouse } from './lighthouse';
import { PASSWORD, buildDataset } from './setup';

await buildDataset('portal_bench_lighthouse', 200, 150, await bcrypt.hash(PASSWORD, 12));
const load = os.loadavg()[0].toFixed(1);
const rows = await measureLighthouse('portal_bench_lighthouse');
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; load average ${load} at the start, ${os.loadavg()[0].toFixed(1)} at the end (performance scores fall on a busy machine)`;
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
