import { queues } from '@portal/contracts';
import { sendPasswordReset } from '@portal/backend/features/auth/passwordReset';
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
