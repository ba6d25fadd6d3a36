import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { buildRuntime } from '../app/bootstrap';
import { migrateLatest } from '../infra/migrate';
import { seedDemoData } from '../demo/seed';

/** npm run seed: demo data for `make start` (idempotent: running it twice changes nothing). */
if (existsSync('.env')) process.loadEnvFile('.env');
const runtime = buildRuntime(loadConfig(), { service: 'seed' });
try {
  await runtime.ready();
  await migrateLatest(runtime.deps.db);
  runtime.deps.projections.start();
  const summary = await seedDemoData(runtime.deps);
  // the start steps after the seed: on a new database the demo calls are then published with
  // their demo links at once (the content start step finds them and publishes nothing)
  for (const feature of runtime.features) await feature.onStart?.();
  console.log(summary);
} finally {
  await runtime.close();
}
