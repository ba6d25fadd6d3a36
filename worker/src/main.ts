import { existsSync } from 'node:fs';
import { loadConfig } from '@portal/backend/config';
import { buildRuntime } from '@portal/backend/app/bootstrap';
import { migrateLatest } from '@portal/backend/infra/migrate';
import { jobs } from './jobs';
import { registerSchedules } from './schedulers';
import { startWorkers } from './runWorkers';
import { createMetricsServer } from '@portal/backend/http/metrics';
import { listenOrExit } from '@portal/backend/infra/listen';
import { logProcessFailures } from '@portal/backend/infra/logger';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const runtime = buildRuntime(config, { service: 'worker' });
const { deps } = runtime;
const { logger } = deps;
logProcessFailures(logger);

await runtime.ready();
await migrateLatest(deps.db);

// Metrics first: a worker that cannot be scraped stops here instead of running on unobserved.
// Like the API's, they need the bearer token (METRICS_TOKEN).
const metricsServer = createMetricsServer(deps, 'worker', true);
await listenOrExit(
  metricsServer,
  {
    port: config.WORKER_METRICS_PORT,
    host: config.WORKER_METRICS_HOST ?? config.HOST,
    setting: 'WORKER_METRICS_PORT',
  },
  logger,
);

// Projections run here too: whichever process holds a projection's lock applies it, so events
// recorded by jobs reach the read models even while the API is down.
deps.projections.start();
await registerSchedules(deps.queues);
const workers = startWorkers(deps, jobs);
logger.info(
  {
    queues: workers.map((w) => w.name),
    metrics: `${config.WORKER_METRICS_HOST ?? config.HOST}:${config.WORKER_METRICS_PORT}`,
  },
  'worker started',
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'draining jobs');
  // close() waits for active jobs to finish.
  await Promise.all(workers.map((w) => w.close()));
  metricsServer.close();
  await runtime.close();
  logger.info('worker stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
