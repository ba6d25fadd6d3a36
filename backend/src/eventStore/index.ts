import type { Config } from '../config';
import { withEventChecks } from './checked';
import { createEventStoreDbStore } from './eventStoreDb';
import type { EventStore, NewEvent } from './port';
import { createPostgresEventStore } from './postgres';

export * from './port';

export interface EventStoreHooks {
  onQuery?: (ms: number) => void;
  /** after each append that recorded new events (not an idempotent retry), in this process */
  onAppended?: (events: NewEvent[]) => void;
}

/**
 * EventStoreDB when EVENTSTORE_URL is set, else the PostgreSQL event store in the same database;
 * either way every event is checked against its contract on the way in (see checked.ts).
 */
export function createEventStore(config: Config, hooks: EventStoreHooks = {}): EventStore {
  const store = config.EVENTSTORE_URL
    ? createEventStoreDbStore(config.EVENTSTORE_URL, hooks)
    : createPostgresEventStore({ connectionString: config.DATABASE_URL, poolSize: 10, ...hooks });
  return withEventChecks(store);
}
