import type { Config } from '../config';
import { createEventStoreDbStore } from './eventStoreDb';
import type { EventStore, NewEvent } from './port';
import { createPostgresEventStore } from './postgres';

export * from './port';

export interface EventStoreHooks {
  onQuery?: (ms: number) => void;
  /** after each append that recorded new events (not an idempotent retry), in this process */
  onAppended?: (events: NewEvent[]) => void;
}

/** EventStoreDB when EVENTSTORE_URL is set, else the PostgreSQL event store in the same database. */
export function createEventStore(config: Config, hooks: EventStoreHooks = {}): EventStore {
  if (config.EVENTSTORE_URL) return createEventStoreDbStore(config.EVENTSTORE_URL, hooks);
  return createPostgresEventStore({ connectionString: config.DATABASE_URL, poolSize: 10, ...hooks });
}
