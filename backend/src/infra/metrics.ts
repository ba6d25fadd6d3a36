import client from 'prom-client';
import { allEvents, allRoutes } from '@portal/contracts';

/** Answers counted from 0 for every route, so the first one shows in `increase()`. */
const ZEROED_STATUSES = ['429', '500', '503'] as const;

/**
 * Prometheus metrics of one process. Every process builds its own registry; the HTTP and
 * session families are exported by the API only (`service: 'api'`).
 */
export function createMetrics(service: string) {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry });
  const apiOnly = service === 'worker' ? [] : [registry];

  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: apiOnly,
  });
  const httpRequests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP answers by route and status (429, 500 and 503 start at 0 for every route)',
    labelNames: ['method', 'route', 'status'] as const,
    registers: apiOnly,
  });
  for (const route of Object.values(allRoutes))
    for (const status of ZEROED_STATUSES)
      httpRequests.inc({ method: route.method, route: route.path, status }, 0);
  const dbQueryDuration = new client.Histogram({
    name: 'db_query_duration_seconds',
    help: 'PostgreSQL query duration',
    labelNames: ['kind'] as const,
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  const eventsAppended = new client.Counter({
    name: 'events_appended_total',
    help: 'Domain events appended to the event store',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  for (const event of allEvents) eventsAppended.inc({ type: event.type }, 0);
  const projectionLag = new client.Gauge({
    name: 'projection_lag_seconds',
    help: 'Age of the oldest event a projection has not applied yet, 0 when caught up',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const projectionLeader = new client.Gauge({
    name: 'projection_leader',
    help: '1 when this process leads the projection',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const projectionDelay = new client.Histogram({
    name: 'projection_apply_delay_seconds',
    help: 'Time from an event being appended to an asynchronous projection applying it',
    labelNames: ['projection'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const readYourWritesTimeouts = new client.Counter({
    name: 'read_your_writes_timeouts_total',
    help: 'Commands answered before the asynchronous read models caught up (waited READ_YOUR_WRITES_TIMEOUT_MS)',
    registers: apiOnly,
  });
  const projectionEvents = new client.Counter({
    name: 'projection_events_applied_total',
    help: 'Events applied by projections',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const deadLetters = new client.Counter({
    name: 'projection_dead_letters_total',
    help: 'Events a projection could not apply',
    labelNames: ['projection'] as const,
    registers: [registry],
  });
  const queueJobs = new client.Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs per queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const activeSessions = new client.Gauge({
    name: 'sessions_active',
    help: 'Sessions stored in Redis',
    registers: apiOnly,
  });
  return {
    registry,
    httpDuration,
    httpRequests,
    dbQueryDuration,
    eventsAppended,
    projectionLag,
    projectionLeader,
    projectionDelay,
    readYourWritesTimeouts,
    projectionEvents,
    deadLetters,
    queueJobs,
    activeSessions,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
