import { UnrecoverableError } from 'bullmq';
import { queues } from '@portal/contracts';
import { ProviderError } from '@portal/backend/integrations/mailchimp/concurrency';
import { BACKGROUND_RETRY } from '@portal/backend/integrations/mailchimp/gateway';
import { NewsletterError, createNewsletter } from '@portal/backend/integrations/mailchimp/newsletter';
import { moveMemberEmail } from '@portal/backend/integrations/mailchimp/memberEmail';
import type { JobDefinition } from './types';

/**
 * newsletter/memberEmail: an admin changed a member's e-mail; the list member follows (see
 * backend/src/integrations/mailchimp/memberEmail.ts). Calls go through the shared gateway (the
 * 10-in-flight limit, back-off on 429/5xx). A refusal (4xx) fails the job at once: retrying
 * would be refused the same way.
 */
export const memberEmailJob: JobDefinition<{ userId: string; from: string }> = {
  queue: queues.newsletter.name,
  name: 'memberEmail',
  concurrency: 4,
  async process(job, deps) {
    const payload = queues.newsletter.jobs.memberEmail.parse(job.data);
    try {
      const outcome = await moveMemberEmail(deps, createNewsletter(deps, BACKGROUND_RETRY), payload);
      deps.logger.info({ userId: payload.userId, outcome }, 'newsletter member e-mail pushed');
      return { outcome };
    } catch (error) {
      if (
        (error instanceof NewsletterError && error.kind === 'rejected') ||
        (error instanceof ProviderError && !error.retryable)
      )
        throw new UnrecoverableError(error.message);
      throw error;
    }
  },
};
