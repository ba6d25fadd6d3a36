import { queues } from '@portal/contracts';
import { minuteOf } from '@portal/backend/infra/requestStats';
import { readMinutes, summarizeMinutes } from '@portal/backend/infra/minuteStats';
import type { JobDefinition } from './types';

/**
 * Every minute: turn the finished minute's request and query statistics (kept in Redis by the
 * API processes) into one row of `metrics_snapshots`, which the admin dashboard charts.
 * Idempotent: a retried or duplicated job writes the same minute once.
 */
export const metricsSnapshotJob: JobDefinition<{ minute?: number }> = {
  queue: queues.metrics.name,
  name: 'snapshot',
  async process(job, deps) {
    const payload = queues.metrics.jobs.snapshot.parse(job.data ?? {});
    const minute = payload.minute ?? minuteOf(Date.now()) - 1;
    const summary = summarizeMinutes(await readMinutes(deps.redis, deps.config.REDIS_PREFIX, minute, minute));
    const activeSessions = await deps.sessions.count();
    await deps
      .db('metrics_snapshots')
      .insert({
        taken_at: new Date(minute * 60_000),
        requests: summary.requests,
        request_rate: summary.requests / 60,
        avg_ms: summary.avgMs,
        p95_ms: summary.p95Ms,
        p99_ms: summary.p99Ms,
        errors: summary.errors,
        error_rate: summary.errorRate,
        db_queries: summary.dbQueries,
        db_slow_queries: summary.dbSlow,
        db_avg_ms: summary.dbAvgMs,
        active_sessions: activeSessions,
        active_users: summary.peakUsers,
      })
      .onConflict('taken_at')
      .ignore();
    // Keep 30 days.
    await deps
      .db('metrics_snapshots')
      .where('taken_at', '<', new Date(Date.now() - 30 * 86_400_000))
      .delete();
    return { minute, requests: summary.requests };
  },
};
