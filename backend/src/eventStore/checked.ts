import { type EventDef, eventsByType, upcast, versionOf } from '@portal/contracts';
import {
  EventStoreError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './port';

/** An event that does not match its contract: a bug in the code that decided it. Nothing is appended. */
export class InvalidEvent extends EventStoreError {
  override name = 'InvalidEvent';
  constructor(
    readonly eventType: string,
    readonly problem: string,
  ) {
    super(`Refused to record ${eventType}: ${problem}`);
  }
}

type Registry = ReadonlyMap<string, EventDef>;

/**
 * The event store as the application uses it: every event is checked against its contract
 * (`contracts/src/<feature>/events.ts`) before the append, and stamped with its type's schema
 * version; events recorded under an older version are read through the type's upcasters, so
 * deciders and projections only ever see the current shape. A type the contracts do not
 * declare is refused. The raw adapters stay free of this (their own contract suite appends
 * arbitrary types).
 */
export function withEventChecks(store: EventStore, registry: Registry = eventsByType): EventStore {
  const check = (event: NewEvent): NewEvent => {
    const def = registry.get(event.type);
    if (!def) throw new InvalidEvent(event.type, 'the contracts declare no such event type');
    const parsed = def.schema.safeParse(event.data);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`);
      throw new InvalidEvent(event.type, issues.join('; '));
    }
    return { ...event, metadata: { ...event.metadata, schemaVersion: versionOf(def) } };
  };

  const current = (event: RecordedEvent): RecordedEvent => {
    const def = registry.get(event.type);
    const recorded = Number(event.metadata.schemaVersion ?? 1);
    if (!def || recorded >= versionOf(def)) return event;
    return {
      ...event,
      data: upcast(def, event.data, recorded),
      metadata: { ...event.metadata, schemaVersion: versionOf(def), recordedSchemaVersion: recorded },
    };
  };

  const subscribe = (inner: Subscription): Subscription => ({
    close: () => inner.close(),
    async *[Symbol.asyncIterator]() {
      for await (const event of inner) yield current(event);
    },
  });

  return {
    kind: store.kind,
    appendToStream: async (streamId, events, options) =>
      store.appendToStream(streamId, events.map(check), options),
    readStream: async (streamId, options) => (await store.readStream(streamId, options)).map(current),
    readAll: async (options) => (await store.readAll(options)).map(current),
    subscribeToAll: (options) => subscribe(store.subscribeToAll(options)),
    getStreamMetadata: (streamId) => store.getStreamMetadata(streamId),
    setStreamMetadata: (streamId, metadata) => store.setStreamMetadata(streamId, metadata),
    deleteStream: (streamId, options) => store.deleteStream(streamId, options),
    tombstoneStream: (streamId, options) => store.tombstoneStream(streamId, options),
    headPosition: () => store.headPosition(),
    // read-your-writes across processes waits for this one (ProjectionHost.catchUp)
    ...(store.committedHead ? { committedHead: () => store.committedHead!() } : {}),
    oldestEventTimeAfter: (after) => store.oldestEventTimeAfter(after),
    ...(store.withStreamLock
      ? {
          withStreamLock: (streamId, fn) =>
            store.withStreamLock!(streamId, (locked) =>
              fn({
                appendToStream: (id, events, options) =>
                  locked.appendToStream(id, events.map(check), options),
                readStream: async (id, options) => (await locked.readStream(id, options)).map(current),
              }),
            ),
        }
      : {}),
    ...(store.useInlineProjections
      ? { useInlineProjections: (inline) => store.useInlineProjections!(inline) }
      : {}),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
