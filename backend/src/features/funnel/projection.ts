import type { Projection } from '../../projections/projection';
import { subjectOf } from '../../projections/auditLog';

const NO_STEPS = '{f,f,f,f,f}';
const NO_TIMES = '{NULL,NULL,NULL,NULL,NULL}';

/**
 * The funnel read model `funnel_members`: per account its sponsor, registration time, which of
 * the five steps are done now, when each was first done, and training completion. Asynchronous
 * and rebuildable (`npm run projections:rebuild funnel`); the figures are aggregated at read time.
 * Commands do not wait for it: the console's funnel reads catch up first (`readYourWrites: 'read'`).
 */
export const funnelProjection: Projection = {
  name: 'funnel',
  tables: ['funnel_members'],
  readYourWrites: 'read',
  eventTypes: [
    'UserRegistered',
    'UserDetailsEdited',
    'AdminGranted',
    'AdminRevoked',
    'UserDeleted',
    'StepCompleted',
    'StepReopened',
    'TrainingCompleted',
    'TrainingReset',
  ],
  async apply(trx, event) {
    const d = (event.data ?? {}) as Record<string, unknown>;
    const step = Number(d.step);
    const subject = subjectOf(event.streamId);
    // a step or the training as done at its recorded time (seeded or imported history), else the event's
    const doneAt = (d.completedAt as string | undefined) ?? event.createdAt;
    const onUser = event.streamId.startsWith('User-');
    const onOnboarding = event.streamId.startsWith('Onboarding-');
    const members = () => trx('funnel_members').where({ user_id: subject });
    switch (event.type) {
      case 'UserRegistered':
        await trx('funnel_members')
          .insert({
            user_id: d.userId,
            sponsor_id: d.sponsorId ?? null,
            is_admin: Boolean(d.isAdmin),
            registered_at: (d.registeredAt as string | undefined) ?? event.createdAt,
            steps: NO_STEPS,
            first_done_at: NO_TIMES,
          })
          .onConflict('user_id')
          .ignore();
        return;
      case 'UserDetailsEdited':
        if (onUser && 'sponsorId' in d) await members().update({ sponsor_id: d.sponsorId ?? null });
        return;
      case 'AdminGranted':
      case 'AdminRevoked':
        if (onUser) await members().update({ is_admin: event.type === 'AdminGranted' });
        return;
      case 'UserDeleted':
        await trx('funnel_members').where({ user_id: d.userId }).delete();
        return;
      case 'StepCompleted':
        if (onOnboarding)
          await trx.raw(
            'update funnel_members set steps[?] = true, first_done_at[?] = coalesce(first_done_at[?], ?::timestamptz) where user_id = ?',
            [step, step, step, doneAt, subject!],
          );
        return;
      case 'StepReopened':
        if (onOnboarding)
          await trx.raw('update funnel_members set steps[?] = false where user_id = ?', [step, subject!]);
        return;
      case 'TrainingCompleted':
        if (onOnboarding)
          await members().update({
            training_completed: true,
            training_completed_at: trx.raw('coalesce(training_completed_at, ?::timestamptz)', [doneAt]),
          });
        return;
      case 'TrainingReset':
        if (onOnboarding) await members().update({ steps: NO_STEPS, training_completed: false });
        return;
    }
  },
};
