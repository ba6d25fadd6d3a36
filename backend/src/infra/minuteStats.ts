import type { Redis } from 'ioredis';
import type { SlowByDesign } from '@portal/contracts/core/http';
import { APART_PREFIX, LATENCY_BUCKETS_MS, statsKey } from './requestStats';

/**
 * Reading the per-minute statistics the API processes add to Redis (see requestStats.ts): the
 * admin dashboard, the health panel and the worker's minute snapshots all read them here.
 */

/** Requests of the routes slow for one reason, counted apart as well as with all the others. */
export interface ApartStats {
  requests: number;
  errors: number;
  buckets: Map<number, number>;
}

export interface MinuteStats {
  /** the requests of routes slow by design (a password hashed, other services waited on) */
  apart: Record<SlowByDesign, ApartStats>;
  minute: number;
  requests: number;
  durationMs: number;
  errors: number;
  buckets: Map<number, number>;
  dbQueries: number;
  dbMs: number;
  dbSlow: number;
  activeUsers: number;
}

/** Per-minute statistics from Redis for [from, to] (inclusive), in one round trip. */
export async function readMinutes(
  redis: Redis,
  prefix: string,
  from: number,
  to: number,
): Promise<MinuteStats[]> {
  const pipeline = redis.pipeline();
  for (let m = from; m <= to; m++) {
    const key = statsKey(prefix, m);
    pipeline.hgetall(key).scard(`${key}:users`);
  }
  const replies = (await pipeline.exec()) ?? [];
  const out: MinuteStats[] = [];
  for (let i = 0, m = from; m <= to; m++, i += 2) {
    const hash = (replies[i]?.[1] ?? {}) as Record<string, string>;
    const users = Number(replies[i + 1]?.[1] ?? 0);
    const n = (f: string) => Number(hash[f] ?? 0);
    // every request's count, errors and latencies, or those of one kind apart (`pw_`, `svc_`)
    const apart = (prefix: string): ApartStats => ({
      requests: n(`${prefix}requests`),
      errors: n(`${prefix}errors`),
      buckets: new Map(LATENCY_BUCKETS_MS.map((b) => [b, n(`${prefix}le:${b}`)])),
    });
    out.push({
      minute: m,
      ...apart(''),
      durationMs: n('duration_ms'),
      apart: Object.fromEntries(
        Object.entries(APART_PREFIX).map(([kind, prefix]) => [kind, apart(prefix)]),
      ) as MinuteStats['apart'],
      dbQueries: n('db_queries'),
      dbMs: n('db_ms'),
      dbSlow: n('db_slow'),
      activeUsers: users,
    });
  }
  return out;
}

export function summarizeMinutes(minutes: MinuteStats[]) {
  const buckets = new Map<number, number>();
  let requests = 0,
    durationMs = 0,
    errors = 0,
    dbQueries = 0,
    dbMs = 0,
    dbSlow = 0,
    peakUsers = 0;
  for (const m of minutes) {
    requests += m.requests;
    durationMs += m.durationMs;
    errors += m.errors;
    dbQueries += m.dbQueries;
    dbMs += m.dbMs;
    dbSlow += m.dbSlow;
    peakUsers = Math.max(peakUsers, m.activeUsers);
    for (const [b, c] of m.buckets) buckets.set(b, (buckets.get(b) ?? 0) + c);
  }
  return {
    requests,
    errors,
    avgMs: requests ? durationMs / requests : 0,
    p95Ms: percentileFromBuckets(buckets, requests, 0.95),
    p99Ms: percentileFromBuckets(buckets, requests, 0.99),
    errorRate: requests ? errors / requests : 0,
    dbQueries,
    dbSlow,
    dbAvgMs: dbQueries ? dbMs / dbQueries : 0,
    peakUsers,
  };
}

/** Percentile from the latency histogram (upper bound of the bucket holding it). */
export function percentileFromBuckets(buckets: Map<number, number>, total: number, p: number): number {
  if (total === 0) return 0;
  const rank = Math.ceil(total * p);
  let seen = 0;
  for (const bound of LATENCY_BUCKETS_MS) {
    seen += buckets.get(bound) ?? 0;
    if (seen >= rank) return Number.isFinite(bound) ? bound : 10_000;
  }
  return 10_000;
}
