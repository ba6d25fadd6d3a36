/**
 * `npm run bench:lighthouse`: only the Lighthouse table of `make bench`, on a small dataset of
 * its own (build the bundles first: npm run build).
 */
import bcrypt from 'bcryptjs';
import { lighthouseTable, measureLighthouse } from './lighthouse';
import { PASSWORD, buildDataset } from './setup';

await buildDataset('portal_bench_lighthouse', 200, 150, await bcrypt.hash(PASSWORD, 12));
console.log(lighthouseTable(await measureLighthouse('portal_bench_lighthouse')).join('\n'));
process.exit(0);
