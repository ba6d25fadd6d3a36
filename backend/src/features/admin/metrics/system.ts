import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SystemMetrics } from '@portal/contracts/admin/schemas';
import type { AppDeps } from '../../../app/deps';
import { poolFigures, round, timed, withTimeout } from './figures';

/** The system metrics page: this process, the database, Redis, queues, projections, sessions. */

const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
let lastCpu = { usage: process.cpuUsage(), at: performance.now() };

export async function systemMetrics(deps: AppDeps): Promise<SystemMetrics> {
  const mem = process.memoryUsage();
  const usage = process.cpuUsage();
  const at = performance.now();
  const elapsedMs = at - lastCpu.at;
  const cpuMs = (usage.user - lastCpu.usage.user + usage.system - lastCpu.usage.system) / 1000;
  lastCpu = { usage, at };
  const lag = {
    mean: round(loopDelay.mean / 1e6, 2),
    p99: round(loopDelay.percentile(99) / 1e6, 2),
    max: round(loopDelay.max / 1e6, 2),
  };
  loopDelay.reset();

  const safe = async <T>(fn: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await withTimeout(fn(), 3_000);
    } catch {
      return fallback;
    }
  };
  const [dbInfo, redisInfo, queueCounts, checkpoints, deadLetters, head, eventCount, sessions] =
    await Promise.all([
      safe(async () => {
        const [r, ms] = await timed(() =>
          deps.db.raw(
            'select pg_database_size(current_database())::bigint as size, (select count(*) from pg_stat_activity where datname = current_database())::int as connections',
          ),
        );
        return { size: Number(r.rows[0].size), connections: Number(r.rows[0].connections), ms };
      }, null),
      safe(async () => {
        const [, ms] = await timed(() => deps.redis.ping());
        const info = await deps.redis.info();
        const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim() ?? null;
        return {
          ms,
          used: Number(field('used_memory')),
          clients: Number(field('connected_clients')),
          version: field('redis_version'),
        };
      }, null),
      Promise.all(
        Object.values(deps.queues).map(async (q) => {
          const c = await safe(
            () => q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'),
            {} as Record<string, number>,
          );
          return {
            name: q.name,
            waiting: c.waiting ?? 0,
            active: c.active ?? 0,
            delayed: c.delayed ?? 0,
            failed: c.failed ?? 0,
            completed: c.completed ?? 0,
          };
        }),
      ),
      safe(
        () => deps.db('projection_checkpoints').select('name', 'position', 'updated_at', 'last_event_at'),
        [],
      ),
      safe(
        () =>
          deps.db('projection_dead_letters').select('projection').count({ count: '*' }).groupBy('projection'),
        [],
      ),
      safe(() => deps.store.headPosition(), null),
      safe(async () => {
        if (deps.store.kind !== 'postgres') return null;
        // reltuples is -1 until the table was first analysed (a new database showed 0 events):
        // then the statistics' count of live rows, kept up to date with every commit
        const r = await deps.db.raw(
          "select (case when c.reltuples >= 0 then c.reltuples else s.n_live_tup end)::bigint as n from pg_class c left join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'es_events'",
        );
        return Number(r.rows[0]?.n ?? 0);
      }, null),
      safe(() => deps.sessions.count(), 0),
    ]);
  const dead = new Map(
    (deadLetters as { projection: string; count: number }[]).map((d) => [d.projection, Number(d.count)]),
  );
  const cps = new Map(
    (
      checkpoints as { name: string; position: string | null; updated_at: Date; last_event_at: Date | null }[]
    ).map((c) => [c.name, c]),
  );
  // Positions and lag as this process knows them (leaders publish their progress); inline
  // read models are written with each append and never behind.
  const statuses = await safe(() => deps.projections.status(), []);
  const projections = statuses.map((p) => {
    const cp = cps.get(p.name);
    return {
      name: p.name,
      position: p.position,
      behind: p.lagSeconds > 0,
      lagSeconds: round(p.lagSeconds),
      deadLetters: dead.get(p.name) ?? 0,
      updatedAt: cp ? new Date(cp.updated_at).toISOString() : null,
    };
  });
  const pool = poolFigures(deps);
  return {
    generatedAt: new Date().toISOString(),
    process: {
      pid: process.pid,
      node: process.version,
      uptimeSeconds: Math.round(process.uptime()),
      rssBytes: mem.rss,
      heapUsedBytes: mem.heapUsed,
      heapTotalBytes: mem.heapTotal,
      externalBytes: mem.external,
      cpuPercent: elapsedMs > 0 ? round((cpuMs / elapsedMs) * 100) : 0,
      eventLoopLagMs: lag,
    },
    database: {
      pool: { used: pool.used, free: pool.free, pending: pool.pending, max: pool.max },
      sizeBytes: dbInfo?.size ?? null,
      connections: dbInfo?.connections ?? null,
      latencyMs: dbInfo?.ms ?? null,
    },
    redis: {
      ok: redisInfo !== null,
      latencyMs: redisInfo?.ms ?? null,
      usedMemoryBytes: redisInfo && Number.isFinite(redisInfo.used) ? redisInfo.used : null,
      connectedClients: redisInfo && Number.isFinite(redisInfo.clients) ? redisInfo.clients : null,
      version: redisInfo?.version ?? null,
    },
    queues: queueCounts,
    projections,
    eventStore: { kind: deps.store.kind, head, events: eventCount },
    sessions,
  };
}
