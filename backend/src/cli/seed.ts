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
  for (const feature of runtime.features) await feature.onStart?.();
  runtime.deps.projections.start();
  const summary = await seedDemoData(runtime.deps);
  console.log(summary);
} finally {
  await runtime.close();
}
