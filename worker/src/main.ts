import http from 'node:http';
import { existsSync } from 'node:fs';
import { loadConfig } from '@portal/backend/config';
import { buildRuntime } from '@portal/backend/app/bootstrap';
import { migrateLatest } from '@portal/backend/infra/migrate';
import { jobs } from './jobs';
import { registerSchedules } from './schedulers';
import { startWorkers } from './runWorkers';
import { watchQueues } from './queueMetrics';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const runtime = buildRuntime(config, { service: 'worker' });
const { deps } = runtime;
const { logger } = deps;

await runtime.ready();
await migrateLatest(deps.db);
// Projections run here too: whichever process holds a projection's lock applies it, so events
// recorded by jobs reach the read models even while the API is down.
deps.projections.start();
await registerSchedules(deps.queues);
const workers = startWorkers(deps, jobs);
const stopWatching = watchQueues(deps);
logger.info({ queues: workers.map((w) => w.name) }, 'worker started');

const metricsPort = Number(process.env.WORKER_METRICS_PORT ?? 9465);
const metricsServer = http
  .createServer(async (req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    await deps.projections.updateMetrics().catch(() => undefined);
    res.writeHead(200, { 'content-type': deps.metrics.registry.contentType });
    res.end(await deps.metrics.registry.metrics());
  })
  // loopback unless WORKER_METRICS_HOST or HOST says otherwise (the compose network sets HOST)
  .listen(metricsPort, process.env.WORKER_METRICS_HOST ?? config.HOST)
  .on('error', (err) => logger.warn({ err }, 'worker metrics listener unavailable'));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'draining jobs');
  stopWatching();
  // close() waits for active jobs to finish.
  await Promise.all(workers.map((w) => w.close()));
  metricsServer.close();
  await runtime.close();
  logger.info('worker stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
