import type { AppDeps } from '../../app/deps';
import { type CommandMetadata, handleCommand } from '../../app/commandHandler';
import { CONTENT_STREAM, type ContentCommand, contentDecider } from '../../domain/content/decider';
import { SPEC_LIVE_CALLS } from '../../domain/content/liveCalls';

/** Records one content change (with its actor) and waits for the read models that show it. */
export async function contentCommand(
  deps: Pick<AppDeps, 'store' | 'projections'>,
  command: ContentCommand,
  metadata: CommandMetadata,
) {
  const result = await handleCommand(deps.store, CONTENT_STREAM, contentDecider, command, metadata);
  await deps.projections.settle(result);
  return result;
}

/**
 * The spec's three live calls exist in every deployment: at the API's start, the calls not yet
 * published are published without a join link or passcode (an admin sets them in the console).
 * Several APIs starting at once on a new database: one appends, the others meet the expected
 * revision, read the stream again and decide nothing. Returns how many calls were published.
 */
export async function publishSpecLiveCalls(deps: Pick<AppDeps, 'store' | 'projections'>): Promise<number> {
  const result = await contentCommand(
    deps,
    { type: 'PublishLiveCalls', calls: SPEC_LIVE_CALLS },
    { actorId: null, correlationId: 'publish-live-calls' },
  );
  return result.events.length;
}
