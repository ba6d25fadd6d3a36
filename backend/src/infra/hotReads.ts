import pg from 'pg';
import { SESSION_OPTIONS } from './db';
import type { Metrics } from './metrics';

/**
 * The reads on every request's path (the signed-in user, the foundation progress) as named
 * prepared statements on `pg` directly: parsed and planned once per connection, with no query
 * building per request. knex stays for everything else.
 */
export interface HotReads {
  /** the first row of a named prepared statement, or undefined */
  one<R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<R | undefined>;
  close(): Promise<void>;
}

export function createHotReads(options: {
  connectionString: string;
  poolSize?: number;
  metrics?: Metrics;
  onQuery?: (durationMs: number) => void;
}): HotReads {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    options: SESSION_OPTIONS,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', () => {
    /* idle client errors surface on the next query */
  });
  return {
    async one<R extends pg.QueryResultRow>(
      name: string,
      text: string,
      values: unknown[],
    ): Promise<R | undefined> {
      const started = performance.now();
      try {
        const { rows } = await pool.query<R>({ name, text, values });
        return rows[0] as R | undefined;
      } finally {
        const ms = performance.now() - started;
        options.metrics?.dbQueryDuration.observe({ kind: 'prepared' }, ms / 1000);
        options.onQuery?.(ms);
      }
    },
    close: () => pool.end(),
  };
}
