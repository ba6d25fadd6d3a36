import type { Config } from '../config';
import { createEventStoreDbStore } from './eventStoreDb';
import type { EventStore } from './port';
import { createPostgresEventStore } from './postgres';

export * from './port';

/** EventStoreDB when EVENTSTORE_URL is set, else the PostgreSQL event store in the same database. */
export function createEventStore(
  config: Config,
  options: { onQuery?: (ms: number) => void } = {},
): EventStore {
  if (config.EVENTSTORE_URL) return createEventStoreDbStore(config.EVENTSTORE_URL);
  return createPostgresEventStore({
    connectionString: config.DATABASE_URL,
    poolSize: 10,
    onQuery: options.onQuery,
  });
}
