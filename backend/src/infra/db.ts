import knex, { type Knex } from 'knex';
import pg from 'pg';
import type { Metrics } from './metrics';

// bigint columns come back as strings by default; counts and sizes we use fit in a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => (v === null ? null : Number(v)));

export type Db = Knex;

export interface DbOptions {
  connectionString: string;
  poolSize?: number;
  metrics?: Metrics;
  /** called for every finished query with its duration, for the metrics snapshot */
  onQuery?: (durationMs: number, sql: string) => void;
}

/**
 * Settings of every session: the portal runs short OLTP queries, for which PostgreSQL's JIT
 * compiler and parallel workers only add latency. Measured on the partners directory: 0.9 s of
 * LLVM compilation for an 8 ms query the planner misjudged, and 12 ms of parallel-worker start-up
 * around 4 ms of work (docs/decisions/partners.md).
 */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

/** knex over pg, with a query-duration histogram fed from knex's query events. */
export function createDb(options: DbOptions): Db {
  const db = knex({
    client: 'pg',
    connection: { connectionString: options.connectionString, options: SESSION_OPTIONS },
    pool: { min: 0, max: options.poolSize ?? 10, acquireTimeoutMillis: 5_000 },
    acquireConnectionTimeout: 5_000,
  });
  const started = new Map<string, number>();
  db.on('query', (q: { __knexQueryUid: string }) => started.set(q.__knexQueryUid, performance.now()));
  const finish = (q: { __knexQueryUid: string; sql?: string; method?: string }) => {
    const start = started.get(q.__knexQueryUid);
    if (start === undefined) return;
    started.delete(q.__knexQueryUid);
    const ms = performance.now() - start;
    options.metrics?.dbQueryDuration.observe({ kind: q.method ?? 'raw' }, ms / 1000);
    options.onQuery?.(ms, q.sql ?? '');
  };
  db.on('query-response', (_r: unknown, q: { __knexQueryUid: string }) => finish(q));
  db.on('query-error', (_e: unknown, q: { __knexQueryUid: string }) => finish(q));
  return db;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '53300',
  '57014', // query_canceled: a statement timeout (the server is overloaded or a lock holder hangs)
]);

/** True for errors that mean PostgreSQL cannot be reached (answer 503, not 500). */
export function isDbUnavailable(error: unknown): boolean {
  const e = error as { code?: string; name?: string; message?: string };
  if (e?.code && UNAVAILABLE_CODES.has(e.code)) return true;
  if (e?.name === 'KnexTimeoutError') return true;
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(
    e?.message ?? '',
  );
}
