import { createHash } from 'node:crypto';
import { queues } from '@portal/contracts';
import type { AppDeps } from '../../app/deps';
import { type UserEvent, userDecider, userStream } from '../../domain/user/decider';
import { StreamDeleted, readStreamOrEmpty } from '../../eventStore/port';
import type { Newsletter } from './newsletter';

/**
 * An admin's change of a member's e-mail, pushed to the mailing list by the worker
 * (`newsletter/memberEmail`), through the shared Mailchimp gateway.
 *
 * The job carries only the user and the address the list may still know; the target is the
 * address the user stream holds when the job runs. So two quick changes (A→B, B→C) converge on
 * C in whatever order their jobs run, a retried job does nothing more, and a deleted user is
 * skipped. The job id is derived from the change's position, so a retried request enqueues once.
 */
export async function enqueueMemberEmailChange(
  deps: Pick<AppDeps, 'queues'>,
  change: { userId: string; from: string; position: string },
) {
  const payload = queues.newsletter.jobs.memberEmail.parse({ userId: change.userId, from: change.from });
  const key = createHash('sha256').update(`${change.userId}|${change.position}`).digest('hex').slice(0, 32);
  await deps.queues.newsletter.add('memberEmail', payload, {
    jobId: `member-email-${key}`,
    attempts: 8,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: 1000,
    removeOnFail: 5000,
  });
}

export type MemberEmailOutcome = 'moved' | 'not_on_list' | 'unchanged' | 'user_deleted';

/** Moves the list member from `from` to the user's current address. */
export async function moveMemberEmail(
  deps: Pick<AppDeps, 'store'>,
  newsletter: Newsletter,
  payload: { userId: string; from: string },
): Promise<MemberEmailOutcome> {
  let events;
  try {
    events = await readStreamOrEmpty(deps.store, userStream(payload.userId));
  } catch (error) {
    if (error instanceof StreamDeleted) return 'user_deleted';
    throw error;
  }
  if (!events.length) return 'user_deleted';
  const user = events.reduce(
    (state, e) => userDecider.evolve(state, e as unknown as UserEvent),
    userDecider.initialState(),
  );
  if (user.email.trim().toLowerCase() === payload.from.trim().toLowerCase()) return 'unchanged';
  const status = await newsletter.changeEmail(payload.from, user.email);
  return status === 'not_found' ? 'not_on_list' : 'moved';
}
