import type { Redis } from 'ioredis';
import { SLOW_QUERY_THRESHOLD_MS } from '@portal/contracts/admin/endpoints';
import type { SlowByDesign } from '@portal/contracts/core/http';

/**
 * Per-minute request and query statistics shared by every API process through Redis: each
 * process adds its counts (and a latency histogram) to `stats:<minute>` every few seconds;
 * the worker's metrics job turns a finished minute into a stored snapshot.
 */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 200, 300, 500, 750, 1000, 2000, 5000, 10000, Infinity];

/** The field prefix of the requests counted apart, by why their route is slow. */
export const APART_PREFIX: Record<SlowByDesign, string> = { password: 'pw_', services: 'svc_' };

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
   * One answered API request. Requests of routes slow by design (a password hashed, other
   * services waited on) are also counted apart (`pw_*`, `svc_*`), so the health figures can
   * judge the other routes on their own.
   */
  recordRequest(durationMs: number, status: number, userId?: string | null, slowByDesign?: SlowByDesign) {
    const bucket = LATENCY_BUCKETS_MS.find((b) => durationMs <= b) ?? Infinity;
    // one moment for every field: a minute ending between them would split the request
    const at = Date.now();
    for (const prefix of slowByDesign ? ['', APART_PREFIX[slowByDesign]] : ['']) {
      this.add(`${prefix}requests`, 1, at);
      this.add(`${prefix}duration_ms`, Math.round(durationMs), at);
      if (status >= 500) this.add(`${prefix}errors`, 1, at);
      this.add(`${prefix}le:${bucket}`, 1, at);
    }
    if (userId) this.users.add(userId);
  }

  private users = new Set<string>();

  recordQuery(durationMs: number) {
    this.add('db_queries');
    this.add('db_ms', Math.round(durationMs));
    if (durationMs > SLOW_QUERY_THRESHOLD_MS) this.add('db_slow');
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
