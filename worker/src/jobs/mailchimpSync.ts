import { UnrecoverableError } from 'bullmq';
import { queues } from '@portal/contracts';
import {
  audienceFor,
  failRun,
  runAudienceSync,
  type SyncOptions,
} from '@portal/backend/integrations/mailchimp/audienceSync';
import { ProviderError, type RetryOptions } from '@portal/backend/integrations/mailchimp/concurrency';
import { startSyncRun } from '@portal/backend/integrations/mailchimp/syncRuns';
import type { JobDefinition } from './types';

/**
 * mailchimp/sync: reconciles the users' newsletter flags with the audience (see
 * backend/src/integrations/mailchimp/audienceSync.ts). A job without a run id is the nightly
 * schedule: it starts a run (or finds the active one), which comes back as its own job with a
 * deterministic id `sync-<runId>`. A retried job (after a crash or a stall) resumes its run from
 * the last checkpointed page. A 4xx from the mailing service (bad key, unknown audience) fails
 * the run at once: retrying would fail the same way.
 */
export function createMailchimpSyncJob(
  options: SyncOptions & { retry?: RetryOptions } = {},
): JobDefinition<{ runId?: string; requestedBy?: string | null }> {
  return {
    queue: queues.mailchimp.name,
    name: 'sync',
    concurrency: 1,
    async process(job, deps) {
      const payload = queues.mailchimp.jobs.sync.parse(job.data ?? {});
      if (!payload.runId) {
        const { run, created } = await startSyncRun(deps, { trigger: 'scheduled', requestedBy: null });
        return { runId: run.id, created };
      }
      const runId = payload.runId;
      try {
        return await runAudienceSync(deps, runId, audienceFor(deps, options.retry), options);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof ProviderError && !error.retryable) {
          await failRun(deps, runId, `Mailing service refused the request: ${message}`);
          throw new UnrecoverableError(message);
        }
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await failRun(deps, runId, message);
        throw error;
      }
    },
  };
}

export const mailchimpSyncJob = createMailchimpSyncJob();
