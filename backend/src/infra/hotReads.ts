import type pg from 'pg';
import type { Db } from './db';
import type { Metrics } from './metrics';

/**
 * The reads on every request's path (the signed-in user, the foundation progress) as named
 * prepared statements on `pg` directly: parsed and planned once per connection, with no query
 * building per request. They borrow connections from knex's pool (no extra connections);
 * knex stays for everything else.
 */
export interface HotReads {
  /** the first row of a named prepared statement, or undefined */
  one<R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]): Promise<R | undefined>;
}

export function createHotReads(options: {
  db: Db;
  metrics?: Metrics;
  onQuery?: (durationMs: number) => void;
}): HotReads {
  const pool = options.db.client as {
    acquireConnection(): Promise<pg.PoolClient>;
    releaseConnection(connection: pg.PoolClient): Promise<void>;
  };
  return {
    async one<R extends pg.QueryResultRow>(
      name: string,
      text: string,
      values: unknown[],
    ): Promise<R | undefined> {
      const started = performance.now();
      const connection = await pool.acquireConnection();
      try {
        const { rows } = await connection.query<R>({ name, text, values });
        return rows[0] as R | undefined;
      } finally {
        await pool.releaseConnection(connection);
        const ms = performance.now() - started;
        options.metrics?.dbQueryDuration.observe({ kind: 'prepared' }, ms / 1000);
        options.onQuery?.(ms);
      }
    },
  };
}
