import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { buildRuntime } from '../app/bootstrap';
import { rebuildProjection } from '../projections/rebuild';
import { allProjections } from '../features';

/**
 * npm run projections:rebuild [name ...]: replays the event log into fresh copies of the named
 * read models (all when none is named, inline ones included) and swaps them in. Asynchronous read
 * models can be rebuilt while the portal runs (the swap locks the live tables, replays the tail
 * and fences off the leader, which resumes from the rebuilt checkpoint). Rebuild the inline ones
 * (users, onboarding_progress, academy_tutorials) with the API and workers stopped: an append
 * committed while an older transaction still runs is not yet readable to the swap, and no runner
 * would replay it afterwards.
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
