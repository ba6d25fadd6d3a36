import type { HealthLevel } from '@portal/contracts/admin/endpoints';
import type { AppDeps } from '../../../app/deps';
import { minuteOf, statsKey } from '../../../infra/requestStats';

/** Small figures the dashboard, the health panel and the system page share. */

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
export const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const value = await fn();
  return [value, round(performance.now() - start)];
};
/** A call that did not answer in its time (a health check's 3 s). */
export class NoAnswerError extends Error {
  override name = 'NoAnswerError';
}
export const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new NoAnswerError(`no answer in ${ms} ms`)), ms).unref(),
    ),
  ]);

/** Distinct users with a request in the last `minutes` minutes. */
export async function onlineUsers(deps: Pick<AppDeps, 'redis' | 'config'>, minutes = 5): Promise<number> {
  const now = minuteOf(Date.now());
  const keys = Array.from(
    { length: minutes },
    (_, i) => `${statsKey(deps.config.REDIS_PREFIX, now - i)}:users`,
  );
  return (await deps.redis.sunion(...keys)).length;
}

/** Number of live sessions and their average age (from the sign-in time each one stores). */
export async function sessionFigures(deps: Pick<AppDeps, 'redis' | 'config'>, sample = 5000) {
  let cursor = '0';
  let count = 0;
  const keys: string[] = [];
  do {
    const [next, found] = await deps.redis.scan(
      cursor,
      'MATCH',
      `${deps.config.REDIS_PREFIX}sess:*`,
      'COUNT',
      1000,
    );
    cursor = next;
    count += found.length;
    for (const k of found) if (keys.length < sample) keys.push(k);
  } while (cursor !== '0');
  let ages = 0;
  let aged = 0;
  for (let i = 0; i < keys.length; i += 500) {
    const values = await deps.redis.mget(...keys.slice(i, i + 500));
    for (const v of values) {
      if (!v) continue;
      try {
        const at = Number((JSON.parse(v) as { authenticatedAt?: number }).authenticatedAt);
        if (at > 0) {
          ages += Date.now() - at;
          aged++;
        }
      } catch {
        // not a session we can read
      }
    }
  }
  return { count, avgAgeMinutes: aged ? round(ages / aged / 60_000, 0) : null };
}

export function poolFigures(deps: Pick<AppDeps, 'db' | 'config'>) {
  const pool = (
    deps.db.client as {
      pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number; max: number };
    }
  ).pool;
  const used = pool?.numUsed() ?? 0;
  const free = pool?.numFree() ?? 0;
  const pending = pool?.numPendingAcquires() ?? 0;
  const max = pool?.max ?? deps.config.DATABASE_POOL_SIZE;
  const status: HealthLevel = pending > 0 ? (pending > max ? 'critical' : 'warning') : 'healthy';
  return { used, free, pending, max, status };
}

export async function queryTypes(deps: Pick<AppDeps, 'metrics'>) {
  const data = await deps.metrics.dbQueryDuration.get();
  const counts = new Map<string, number>();
  const NAMES: Record<string, string> = {
    first: 'select',
    pluck: 'select',
    count: 'select',
    del: 'delete',
    raw: 'other',
  };
  for (const v of data.values) {
    if (!String(v.metricName).endsWith('_count')) continue;
    const kind = String(v.labels.kind ?? 'other');
    const name = NAMES[kind] ?? kind;
    counts.set(name, (counts.get(name) ?? 0) + v.value);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return [...counts]
    .map(([kind, count]) => ({ kind, count, percent: total ? round((count / total) * 100) : 0 }))
    .sort((a, b) => b.count - a.count)
    .slice(0, 6);
}
