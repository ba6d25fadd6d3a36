import { queues } from '@portal/contracts';
import {
  callReminderId,
  callStartLine,
  callsStartingSoon,
  REMINDER_LEAD_MINUTES,
} from '@portal/backend/domain/coaching/callReminders';
import { readLiveCalls } from '@portal/backend/features/academy/content';
import { publicUrl } from '@portal/backend/mail/send';
import type { JobDefinition } from './types';

/**
 * Scheduled every few minutes: for each live call starting within the hour, one `mail.send` job
 * per partner who opted in. The job id is the message id (call, occurrence, person), so repeated
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
      .pluck('u.id');
    const mails = due.flatMap(({ call, startsAt }) =>
      people.map((userId: string) => {
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
              when: callStartLine(startsAt),
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
