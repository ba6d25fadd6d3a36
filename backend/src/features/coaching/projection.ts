import type { Projection } from '../../projections/projection';

const PREFIX = 'Coaching-';

interface CoachingData {
  sponsorId?: string;
  note?: string | null;
  at?: string;
  timeZone?: string;
}

/** The columns one event of a `Coaching-` stream sets. */
function rowChanges(type: string, data: CoachingData): Record<string, unknown> {
  switch (type) {
    case 'NudgeSent':
      return {
        last_nudge_at: data.at,
        last_nudge_sponsor_id: data.sponsorId,
        last_nudge_note: data.note ?? null,
      };
    case 'CallRemindersTurnedOn':
      // no zone (a browser that names none, or before zones were kept): the one it had
      return data.timeZone
        ? { call_reminders: true, call_reminder_time_zone: data.timeZone }
        : { call_reminders: true };
    case 'CallRemindersTurnedOff':
      return { call_reminders: false };
    case 'CallReminderTimeZoneChanged':
      return { call_reminder_time_zone: data.timeZone };
    default:
      return { nudges_off: type === 'NudgesTurnedOff' };
  }
}

/**
 * `coaching`: per partner the nudge opt-out, the latest nudge and the live-call reminder opt-in
 * and the zone of its start times (inline: answers read it).
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
    'CallReminderTimeZoneChanged',
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
    const changes = rowChanges(event.type, event.data as CoachingData);
    await trx('coaching')
      .insert({ partner_id: partnerId, ...changes })
      .onConflict('partner_id')
      .merge(Object.keys(changes));
  },
};
