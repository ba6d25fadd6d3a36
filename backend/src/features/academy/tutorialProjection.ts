import type { Projection } from '../../projections/projection';
import { subjectOf } from '../../projections/auditLog';

/** Keeps `academy_tutorials` from the Tutorial-<userId> streams; a deleted user's row goes too. */
export const tutorialProjection: Projection = {
  name: 'academy_tutorials',
  tables: ['academy_tutorials'],
  // the tutorial commands answer with this row
  lifecycle: 'inline',
  eventTypes: ['TourCompleted', 'TutorialSkipped', 'TutorialPreferencesChanged', 'UserDeleted'],
  async apply(trx, event) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (event.type === 'UserDeleted') {
      await trx('academy_tutorials').where({ user_id: data.userId }).delete();
      return;
    }
    if (!event.streamId.startsWith('Tutorial-')) return;
    const userId = subjectOf(event.streamId)!;
    let values: Record<string, boolean>;
    switch (event.type) {
      case 'TourCompleted':
        values = { tutorial_completed: true, academy_tour_seen: true };
        break;
      case 'TutorialSkipped':
        values = { skip_tutorial: true, academy_tour_seen: true };
        break;
      case 'TutorialPreferencesChanged':
        values = {
          skip_tutorial: Boolean(data.skipTutorial),
          academy_tour_seen: Boolean(data.academyTourSeen),
        };
        break;
      default:
        return;
    }
    await trx('academy_tutorials')
      .insert({ user_id: userId, ...values, updated_at: event.createdAt })
      .onConflict('user_id')
      .merge({ ...values, updated_at: event.createdAt });
  },
};
