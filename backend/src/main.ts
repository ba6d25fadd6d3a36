import http from 'node:http';
import { existsSync } from 'node:fs';
import { loadConfig } from './config';
import { buildRuntime } from './app/bootstrap';
import { createApp } from './http/createApp';
import { createMetricsServer } from './http/metrics';
import { migrateLatest } from './infra/migrate';
import { listenOrExit } from './infra/listen';
import { logProcessFailures } from './infra/logger';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const runtime = buildRuntime(config);
const { deps, features } = runtime;
const { logger } = deps;

logProcessFailures(logger);

await runtime.ready();
await migrateLatest(deps.db);
for (const feature of features) await feature.onStart?.();
deps.projections.start();
deps.requestStats.start();

const app = createApp(deps, features);
const server = http.createServer(app.callback());
server.keepAliveTimeout = 65_000;
await listenOrExit(server, { port: config.PORT, host: config.HOST, setting: 'PORT' }, logger);
logger.info({ address: server.address() }, 'API listening');

let metricsServer: http.Server | null = null;
if (config.METRICS_PORT) {
  metricsServer = createMetricsServer(deps, 'api', false);
  await listenOrExit(
    metricsServer,
    { port: config.METRICS_PORT, host: '127.0.0.1', setting: 'METRICS_PORT' },
    logger,
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'draining');
  // Stop accepting, let in-flight requests finish (idle keep-alive sockets are closed).
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  await closed;
  clearTimeout(force);
  metricsServer?.close();
  await runtime.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
