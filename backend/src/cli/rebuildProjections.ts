import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { buildRuntime } from '../app/bootstrap';
import { rebuildProjection } from '../projections/rebuild';

/**
 * npm run projections:rebuild [name ...]: replays the event log into fresh copies of the named
 * read models (all when none is named) and swaps them in. Stop the API first or it keeps
 * projecting into the old tables until the swap (which is still safe: the swap replays the tail).
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const runtime = buildRuntime(loadConfig(), { service: 'rebuild' });
const wanted = process.argv.slice(2);
try {
  for (const projection of runtime.deps.projections.projections) {
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
