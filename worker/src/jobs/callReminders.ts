import { queues } from '@portal/contracts';
import { CALL_TIME_ZONE } from '@portal/contracts/academy/schedule';
import {
  callReminderId,
  callsStartingSoon,
  REMINDER_LEAD_MINUTES,
} from '@portal/backend/domain/coaching/callReminders';
import { readLiveCalls } from '@portal/backend/features/academy/content';
import { publicUrl } from '@portal/backend/mail/send';
import type { JobDefinition } from './types';

/**
 * Scheduled every few minutes: for each live call starting within the hour, one `mail.send` job
 * per partner who opted in, with the start in the partner's time zone (New York when they
 * gave none). The job id is the message id (call, occurrence, person), so repeated
 * scans, and several workers scanning at once, queue and send each reminder once.
 */
export const callRemindersJob: JobDefinition = {
  queue: 'mail',
  name: 'callReminders',
  async process(job, deps) {
    queues.mail.jobs.callReminders.parse(job.data);
    const due = callsStartingSoon(await readLiveCalls(deps.db), deps.now().getTime());
    if (due.length === 0) return { queued: 0 };
    const people = await deps
      .db('coaching as c')
      .join('users as u', 'u.id', 'c.partner_id')
      .where('c.call_reminders', true)
      .where('u.is_locked', false)
      .select('u.id as userId', 'c.call_reminder_time_zone as timeZone');
    const mails = due.flatMap(({ call, startsAt }) =>
      people.map(({ userId, timeZone }: { userId: string; timeZone: string | null }) => {
        const messageId = callReminderId(call.id, startsAt, userId);
        return {
          name: 'send',
          data: {
            messageId,
            userId,
            kind: 'callReminder',
            params: {
              nameEn: call.name.en,
              nameEs: call.name.es,
              nameFr: call.name.fr,
              // the template writes it in the partner's language, in the zone they gave
              startsAt: startsAt.toISOString(),
              timeZone: timeZone ?? CALL_TIME_ZONE,
              minutes: String(REMINDER_LEAD_MINUTES),
              host: call.host ?? '',
              passcode: call.passcode ?? '',
              // none yet: the mail says it will be posted on the page, and links the page
              link: call.zoomLink ?? '',
              page: `${publicUrl(deps.config)}/live-calls`,
            },
          },
          opts: {
            jobId: messageId,
            attempts: 5,
            backoff: { type: 'exponential', delay: 2000 },
            removeOnComplete: 1000,
          },
        };
      }),
    );
    await deps.queues.mail.addBulk(mails);
    return { queued: mails.length };
  },
};
