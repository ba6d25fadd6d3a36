import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import Koa from 'koa';
import type { AppDeps } from '../app/deps';
import { scrapeMetrics } from '../app/scrapeMetrics';

function bearerMatches(header: string, token: string) {
  const given = Buffer.from(header.replace(/^Bearer\s+/i, ''));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Serves /metrics (the Prometheus text of this process) to holders of METRICS_TOKEN only; a
 * refusal is 401 with a fixed body. `requireToken: false` only for the API's METRICS_PORT,
 * which listens on 127.0.0.1 alone.
 */
export function metricsMiddleware(
  deps: AppDeps,
  service: 'api' | 'worker',
  requireToken: boolean,
): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics') return next();
    if (requireToken && !bearerMatches(ctx.get('authorization'), deps.config.METRICS_TOKEN)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.body = { error: 'unauthenticated', message: 'Metrics need a bearer token' };
      return;
    }
    ctx.type = deps.metrics.registry.contentType;
    ctx.body = await scrapeMetrics(deps, service);
  };
}

/** A listener of its own that serves only /metrics (the worker's, the API's METRICS_PORT). */
export function createMetricsServer(
  deps: AppDeps,
  service: 'api' | 'worker',
  requireToken: boolean,
): http.Server {
  const app = new Koa();
  app.on('error', (err: unknown) => deps.logger.error({ err }, 'metrics scrape failed'));
  app.use(metricsMiddleware(deps, service, requireToken));
  return http.createServer(app.callback());
}
