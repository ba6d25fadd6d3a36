import type { Projection } from '../../projections/projection';

const PREFIX = 'Coaching-';

/**
 * `coaching`: per partner the nudge opt-out, the latest nudge and the live-call reminder opt-in
 * (inline: answers read it).
 */
export const coachingProjection: Projection = {
  name: 'coaching',
  tables: ['coaching'],
  eventTypes: [
    'NudgeSent',
    'NudgesTurnedOff',
    'NudgesTurnedOn',
    'CallRemindersTurnedOn',
    'CallRemindersTurnedOff',
    'UserDeleted',
  ],
  lifecycle: 'inline',
  async apply(trx, event) {
    if (event.type === 'UserDeleted') {
      await trx('coaching')
        .where({ partner_id: (event.data as { userId: string }).userId })
        .delete();
      return;
    }
    if (!event.streamId.startsWith(PREFIX)) return;
    const partnerId = event.streamId.slice(PREFIX.length);
    const data = event.data as { sponsorId?: string; note?: string | null; at?: string };
    const changes =
      event.type === 'NudgeSent'
        ? {
            last_nudge_at: data.at,
            last_nudge_sponsor_id: data.sponsorId,
            last_nudge_note: data.note ?? null,
          }
        : event.type.startsWith('CallReminders')
          ? { call_reminders: event.type === 'CallRemindersTurnedOn' }
          : { nudges_off: event.type === 'NudgesTurnedOff' };
    await trx('coaching')
      .insert({ partner_id: partnerId, ...changes })
      .onConflict('partner_id')
      .merge(Object.keys(changes));
  },
};
