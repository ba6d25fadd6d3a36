import type { PerformanceHistory } from '@portal/contracts/admin/schemas';
import type { HistoryRange } from '@portal/contracts/admin/endpoints';
import type { AppDeps } from '../../../app/deps';
import { minuteOf } from '../../../infra/requestStats';
import { readMinutes, summarizeMinutes } from '../../../infra/minuteStats';
import { onlineUsers, round } from './figures';

/** The dashboard's charts: the live last minute and the stored history in buckets. */

/**
 * The last 60 seconds, estimated from the per-minute buckets: the current minute so far plus
 * the part of the previous minute still inside the window (the usual sliding-window estimate).
 */
export async function realtimeSample(deps: AppDeps) {
  const nowMs = Date.now();
  const now = minuteOf(nowMs);
  const [previous, current] = await readMinutes(deps.redis, deps.config.REDIS_PREFIX, now - 1, now);
  const weight = 1 - (nowMs - now * 60_000) / 60_000;
  const mix = (a: number, b: number) => Math.round(a * weight + b);
  const requests = mix(previous.requests, current.requests);
  const duration = previous.durationMs * weight + current.durationMs;
  const weightedRequests = previous.requests * weight + current.requests;
  return {
    timestamp: new Date(nowMs).toISOString(),
    responseTime: weightedRequests > 0 ? round(duration / weightedRequests) : 0,
    activeUsers: await onlineUsers(deps),
    dbQueries: mix(previous.dbQueries, current.dbQueries),
    errorCount: mix(previous.errors, current.errors),
    requests,
  };
}

const RANGES: Record<HistoryRange, { minutes: number; bucket: number }> = {
  '1h': { minutes: 60, bucket: 60 },
  '24h': { minutes: 1440, bucket: 900 },
  '7d': { minutes: 10080, bucket: 7200 },
};

interface SnapshotRow {
  taken_at: Date;
  requests: number;
  avg_ms: number;
  p95_ms: number;
  p99_ms: number;
  errors: number;
  db_queries: number;
  db_slow_queries: number;
  db_avg_ms: number;
  active_sessions: number;
  active_users: number;
}

/**
 * Stored history in buckets. Minutes the worker has not turned into a snapshot yet (the last
 * minutes, or any while no worker runs) are read from Redis, which keeps 24 h. Per bucket:
 * sums of requests, errors and queries, request-weighted averages, the highest p95/p99 and
 * active-user figures of its minutes.
 */
export async function performanceHistory(deps: AppDeps, range: HistoryRange): Promise<PerformanceHistory> {
  const { minutes, bucket } = RANGES[range];
  const to = minuteOf(Date.now());
  const from = to - minutes + 1;
  const rows: SnapshotRow[] = await deps
    .db('metrics_snapshots')
    .where('taken_at', '>=', new Date(from * 60_000))
    .orderBy('taken_at');
  const byMinute = new Map<number, SnapshotRow>();
  for (const r of rows) byMinute.set(minuteOf(new Date(r.taken_at).getTime()), r);
  const liveFrom = Math.max(from, to - 1439);
  const live = (await readMinutes(deps.redis, deps.config.REDIS_PREFIX, liveFrom, to)).filter(
    (m) => !byMinute.has(m.minute),
  );
  for (const m of live) {
    const s = summarizeMinutes([m]);
    byMinute.set(m.minute, {
      taken_at: new Date(m.minute * 60_000),
      requests: m.requests,
      avg_ms: s.avgMs,
      p95_ms: s.p95Ms,
      p99_ms: s.p99Ms,
      errors: m.errors,
      db_queries: m.dbQueries,
      db_slow_queries: m.dbSlow,
      db_avg_ms: s.dbAvgMs,
      active_sessions: 0,
      active_users: m.activeUsers,
    });
  }
  const perBucket = bucket / 60;
  const firstBucket = Math.floor(from / perBucket);
  const lastBucket = Math.floor(to / perBucket);
  const points: PerformanceHistory['points'] = [];
  for (let b = firstBucket; b <= lastBucket; b++) {
    let requests = 0,
      weighted = 0,
      p95 = 0,
      p99 = 0,
      errors = 0,
      dbQueries = 0,
      dbSlow = 0,
      dbWeighted = 0,
      users = 0,
      sessions = 0;
    for (let m = b * perBucket; m < (b + 1) * perBucket; m++) {
      const r = byMinute.get(m);
      if (!r) continue;
      requests += Number(r.requests);
      weighted += Number(r.avg_ms) * Number(r.requests);
      p95 = Math.max(p95, Number(r.p95_ms));
      p99 = Math.max(p99, Number(r.p99_ms));
      errors += Number(r.errors);
      dbQueries += Number(r.db_queries);
      dbSlow += Number(r.db_slow_queries);
      dbWeighted += Number(r.db_avg_ms) * Number(r.db_queries);
      users = Math.max(users, Number(r.active_users));
      sessions = Math.max(sessions, Number(r.active_sessions));
    }
    points.push({
      t: new Date(b * bucket * 1000).toISOString(),
      requests,
      avgMs: requests ? round(weighted / requests) : 0,
      p95Ms: p95,
      p99Ms: p99,
      errors,
      errorRate: requests ? round((errors / requests) * 100, 2) : 0,
      dbQueries,
      dbSlow,
      dbAvgMs: dbQueries ? round(dbWeighted / dbQueries, 2) : 0,
      activeUsers: users,
      activeSessions: sessions,
    });
  }
  return { range, bucketSeconds: bucket, points };
}
