import type { AppDeps } from '../../app/deps';
import { type CommandMetadata, handleCommand } from '../../app/commandHandler';
import { CONTENT_STREAM, type ContentCommand, contentDecider } from '../../domain/content/decider';

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
