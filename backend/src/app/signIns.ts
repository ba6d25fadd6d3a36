import { randomUUID } from 'node:crypto';
import { signedIn, signInStream } from '../domain/user/signIns';
import type { EventStore } from '../eventStore/port';
import { type CommandMetadata, deterministicId } from './commandHandler';

/**
 * Records a sign-in on `SignIns-<userId>`: one append, no read (any revision), so it costs the
 * same for the first sign-in and the thousandth. An idempotency key makes the event id
 * deterministic (a retried call appends nothing twice). Answers like a command: the appended
 * event and its position, for `projections.settle`.
 */
export async function recordSignIn(store: EventStore, userId: string, at: string, metadata: CommandMetadata) {
  const streamId = signInStream(userId);
  const event = signedIn(at);
  const result = await store.appendToStream(
    streamId,
    [
      {
        id: metadata.idempotencyKey
          ? deterministicId(`${streamId}:${metadata.idempotencyKey}`, 0)
          : randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          actorId: metadata.actorId,
          correlationId: metadata.correlationId,
          causationId: metadata.causationId ?? null,
        },
      },
    ],
    // a random id cannot be in the stream yet: the store skips its look for a resent one
    { expectedRevision: 'any', newIds: !metadata.idempotencyKey },
  );
  return { events: [event], position: result.position };
}
