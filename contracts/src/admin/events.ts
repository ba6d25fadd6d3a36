import { z } from 'zod';
import { counted, defineEvent } from '../core/events';

/**
 * Events of a mailing-service sync run (stream `SyncRun-<runId>`): who started it and what it
 * found. The flag changes themselves are NewsletterSubscribed / NewsletterUnsubscribed
 * (source 'sync') on each user's stream.
 */
const SyncRunRequested = defineEvent({
  type: 'SyncRunRequested',
  schema: z.object({ runId: z.string(), trigger: z.enum(['manual', 'scheduled']) }),
  summary: (d) => `Mailchimp sync started (${d.trigger})`,
});

const SyncRunFinished = defineEvent({
  type: 'SyncRunFinished',
  schema: z.object({
    runId: z.string(),
    status: z.enum(['completed', 'failed']),
    total: z.number().int(),
    updated: z.number().int(),
    errors: z.number().int(),
  }),
  summary: (d) =>
    `Mailchimp sync ${d.status}: ${d.total} checked, ${d.updated} updated, ${counted(d.errors, 'error')}`,
});

export const adminEvents = [SyncRunRequested, SyncRunFinished] as const;
