import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { buildRuntime } from '../app/bootstrap';
import { rebuildProjection } from '../projections/rebuild';
import { allProjections } from '../features';

/**
 * npm run projections:rebuild [name ...]: replays the event log into fresh copies of the named
 * read models (all when none is named, inline ones included) and swaps them in. It is safe while
 * the portal runs: the swap locks the live tables and replays the tail, and it fences off the
 * asynchronous projection's leader, which resumes from the rebuilt checkpoint.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const runtime = buildRuntime(loadConfig(), { service: 'rebuild' });
const wanted = process.argv.slice(2);
try {
  for (const projection of allProjections(runtime.features)) {
    if (wanted.length && !wanted.includes(projection.name)) continue;
    const started = performance.now();
    const { events } = await rebuildProjection(runtime.deps.db, runtime.deps.store, projection);
    console.log(
      `${projection.name}: replayed ${events} events in ${Math.round(performance.now() - started)} ms`,
    );
  }
} finally {
  await runtime.close();
}
