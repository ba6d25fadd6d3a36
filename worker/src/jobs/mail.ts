import { queues } from '@portal/contracts';
import { sendPasswordReset } from '@portal/backend/features/auth/passwordReset';
import { findUserById } from '@portal/backend/app/users';
import { mailLanguage, publicUrl, sendMail } from '@portal/backend/mail/send';
import type { JobDefinition } from './types';

/** A forgotten-password link: looked up, recorded and mailed here, never on the request path. */
export const passwordResetMailJob: JobDefinition = {
  queue: 'mail',
  name: 'passwordReset',
  concurrency: 4,
  async process(job, deps) {
    const payload = queues.mail.jobs.passwordReset.parse(job.data);
    return sendPasswordReset(deps, payload);
  },
};

/** Where each kind of message takes its reader. */
const LINKS: Record<string, string> = { nudge: '/foundation' };

/** One message to one user, in the language stored for them when it is sent. */
export const sendMailJob: JobDefinition = {
  queue: 'mail',
  name: 'send',
  concurrency: 4,
  async process(job, deps) {
    const payload = queues.mail.jobs.send.parse(job.data);
    const user = await findUserById(deps.db, payload.userId);
    if (!user) return 'no_account';
    return sendMail(deps, {
      id: payload.messageId,
      userId: user.id,
      to: user.email,
      kind: payload.kind,
      language: mailLanguage(user.preferredLanguage),
      params: {
        firstName: user.firstName,
        link: `${publicUrl(deps.config)}${LINKS[payload.kind] ?? '/'}`,
        ...payload.params,
      },
    });
  },
};
