import type { Redis } from 'ioredis';

/**
 * Per-minute request and query statistics shared by every API process through Redis: each
 * process adds its counts (and a latency histogram) to `stats:<minute>` every few seconds;
 * the worker's metrics job turns a finished minute into a stored snapshot.
 */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 200, 300, 500, 750, 1000, 2000, 5000, 10000, Infinity];
export const SLOW_QUERY_MS = 1000;

export const minuteOf = (ms: number) => Math.floor(ms / 60_000);
export const statsKey = (prefix: string, minute: number) => `${prefix}stats:${minute}`;

export class RequestStats {
  private pending = new Map<number, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly flushMs = 5_000,
  ) {}

  start() {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), this.flushMs);
    this.timer.unref();
  }

  private add(field: string, by = 1, at = Date.now()) {
    const minute = minuteOf(at);
    let fields = this.pending.get(minute);
    if (!fields) this.pending.set(minute, (fields = new Map()));
    fields.set(field, (fields.get(field) ?? 0) + by);
  }

  /**
   * One answered API request. Requests of routes that hash a password (slow by design) are also
   * counted apart (`pw_*`), so the health figures can judge the other routes on their own.
   */
  recordRequest(durationMs: number, status: number, userId?: string | null, hashesPassword = false) {
    const bucket = LATENCY_BUCKETS_MS.find((b) => durationMs <= b) ?? Infinity;
    for (const prefix of hashesPassword ? ['', 'pw_'] : ['']) {
      this.add(`${prefix}requests`);
      this.add(`${prefix}duration_ms`, Math.round(durationMs));
      if (status >= 500) this.add(`${prefix}errors`);
      this.add(`${prefix}le:${bucket}`);
    }
    if (userId) this.users.add(userId);
  }

  private users = new Set<string>();

  recordQuery(durationMs: number) {
    this.add('db_queries');
    this.add('db_ms', Math.round(durationMs));
    if (durationMs > SLOW_QUERY_MS) this.add('db_slow');
  }

  async flush() {
    const batches = this.pending;
    const users = this.users;
    this.pending = new Map();
    this.users = new Set();
    if (batches.size === 0) return;
    const multi = this.redis.multi();
    for (const [minute, fields] of batches) {
      const key = statsKey(this.prefix, minute);
      for (const [field, value] of fields) {
        if (field.startsWith('user:')) continue;
        multi.hincrby(key, field, value);
      }
      if (users.size) multi.sadd(`${key}:users`, ...users).expire(`${key}:users`, 86_400);
      multi.expire(key, 86_400);
    }
    await multi.exec();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(() => undefined);
  }
}

export interface MinuteSummary {
  requests: number;
  avgMs: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  errorRate: number;
  dbQueries: number;
  dbSlow: number;
  dbAvgMs: number;
  activeUsers: number;
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

export async function readMinute(redis: Redis, prefix: string, minute: number): Promise<MinuteSummary> {
  const key = statsKey(prefix, minute);
  const [hash, users] = await Promise.all([redis.hgetall(key), redis.scard(`${key}:users`)]);
  const n = (f: string) => Number(hash[f] ?? 0);
  const requests = n('requests');
  const buckets = new Map(LATENCY_BUCKETS_MS.map((b) => [b, n(`le:${b}`)]));
  const dbQueries = n('db_queries');
  return {
    requests,
    avgMs: requests ? n('duration_ms') / requests : 0,
    p95Ms: percentileFromBuckets(buckets, requests, 0.95),
    p99Ms: percentileFromBuckets(buckets, requests, 0.99),
    errors: n('errors'),
    errorRate: requests ? n('errors') / requests : 0,
    dbQueries,
    dbSlow: n('db_slow'),
    dbAvgMs: dbQueries ? n('db_ms') / dbQueries : 0,
    activeUsers: users,
  };
}
