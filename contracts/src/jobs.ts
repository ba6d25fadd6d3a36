import { z } from 'zod';
import { languageCode } from './auth/schemas';

/** BullMQ queues and the payload of each job. Producers and workers both parse with these. */
export const queues = {
  metrics: {
    name: 'metrics',
    jobs: {
      snapshot: z.strictObject({ minute: z.number().int().optional() }),
    },
  },
  mailchimp: {
    name: 'mailchimp',
    jobs: {
      // runId absent: a scheduled run, created by the worker
      sync: z.strictObject({ runId: z.uuid().optional(), requestedBy: z.string().nullable().default(null) }),
    },
  },
  newsletter: {
    name: 'newsletter',
    jobs: {
      // an admin changed a member's e-mail: move the list member from `from` to the user's current address
      memberEmail: z.strictObject({ userId: z.uuid(), from: z.string().min(1).max(254) }),
    },
  },
  content: {
    name: 'content',
    jobs: {
      youtubePlaylist: z.strictObject({}),
    },
  },
  mail: {
    name: 'mail',
    jobs: {
      /** look the address up and, for an account, send a forgotten-password link (issue 18) */
      passwordReset: z.strictObject({
        email: z.string(),
        requestId: z.string(),
        correlationId: z.string().optional(),
        /** the language of the page that asked (the mail's when the account has none stored) */
        language: languageCode.optional(),
      }),
      /** one message to one user, rendered in their language when sent (job id = message id) */
      send: z.strictObject({
        messageId: z.string(),
        userId: z.string(),
        kind: z.string(),
        params: z.record(z.string(), z.string()),
      }),
      /** scheduled: queue a reminder for each live call starting within the hour, per opted-in partner */
      callReminders: z.strictObject({}),
    },
  },
} as const;

export type QueueName = (typeof queues)[keyof typeof queues]['name'];
export const queueNames: QueueName[] = Object.values(queues).map((q) => q.name);
