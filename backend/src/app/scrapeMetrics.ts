import type { AppDeps } from './deps';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * The Prometheus text of this process, with the gauges read at scrape time: projection lag and
 * leadership, queue depths (every process reads them from Redis, so they stay visible while the
 * workers are down) and, in the API, the number of sessions. A source that does not answer
 * leaves its gauges as they were.
 */
export async function scrapeMetrics(deps: AppDeps, service: 'api' | 'worker'): Promise<string> {
  const { metrics } = deps;
  await Promise.all([
    deps.projections.updateMetrics().catch(() => undefined),
    ...Object.values(deps.queues).map(async (queue) => {
      const counts = await queue.getJobCounts(...QUEUE_STATES).catch(() => null);
      if (!counts) return;
      for (const state of QUEUE_STATES)
        metrics.queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
    }),
    service === 'api'
      ? deps.sessions
          .count()
          .then((n) => metrics.activeSessions.set(n))
          .catch(() => undefined)
      : null,
  ]);
  return metrics.registry.metrics();
}
