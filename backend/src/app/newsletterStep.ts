import {
  type OnboardingEvent,
  type OnboardingState,
  onboardingDecider,
  onboardingStream,
} from '../domain/onboarding/decider';
import { type UserEvent, userDecider, userStream } from '../domain/user/decider';
import { type EventStore, readStreamOrEmpty } from '../eventStore/port';
import type { Db } from '../infra/db';
import { type CommandMetadata, type CommandResult, handleCommand } from './commandHandler';

/**
 * The one owner of spec 000's rule "step 1 counts as complete exactly when subscribed": makes
 * step 1 of `Onboarding-<userId>` follow the newsletter flag the user stream holds *now*.
 *
 * Every command path that records NewsletterSubscribed / NewsletterUnsubscribed (the partner's
 * own subscribe, unsubscribe and status sync, registration with the opt-in, an admin's toggle,
 * the mailing-service sync) and the admin's training reset calls it after its own append. It
 * reads the authoritative stream, not a read model, so it is right whichever process runs it
 * and whatever the projections' lag; it is convergent and idempotent (the decider appends
 * nothing when step 1 already agrees), so running it twice, or concurrently from several
 * processes, changes nothing more. It is never run by a read or by a projection, so replaying
 * or rebuilding read models never fires it again.
 */
export async function alignNewsletterStep(
  store: EventStore,
  userId: string,
  metadata: CommandMetadata,
): Promise<CommandResult<OnboardingState, OnboardingEvent>> {
  const recorded = await readStreamOrEmpty(store, userStream(userId));
  const user = recorded.reduce(
    (state, e) => userDecider.evolve(state, e as unknown as UserEvent),
    userDecider.initialState(),
  );
  return handleCommand(
    store,
    onboardingStream(userId),
    onboardingDecider,
    { type: 'SyncNewsletterStep', subscribed: user.newsletter },
    // a derived command: its own event ids (an idempotency key of the causing request would collide)
    { ...metadata, idempotencyKey: undefined },
  );
}

/**
 * One-off repair for data recorded before the reads stopped reconciling (or a process that died
 * between the flag's append and step 1's): aligns every account whose read models disagree.
 * Answers how many accounts got an event. Safe to run while the portal runs, and again.
 */
export async function alignAllNewsletterSteps(
  deps: { db: Db; store: EventStore },
  metadata: CommandMetadata,
): Promise<{ checked: number; aligned: number }> {
  const rows: { id: string }[] = await deps
    .db('users as u')
    .leftJoin('onboarding_progress as p', 'p.user_id', 'u.id')
    .whereRaw('u.newsletter is distinct from coalesce(p.step1_completed, false)')
    .select('u.id');
  let aligned = 0;
  for (const { id } of rows) {
    const result = await alignNewsletterStep(deps.store, id, metadata);
    if (result.events.length) aligned++;
  }
  return { checked: rows.length, aligned };
}
