import { z } from 'zod';
import { jsonQuery, rangeParam, sortParam } from '../admin/schemas';

/** One e-mail the portal sent (or, without SMTP, kept in the outbox). */
export const outboxMessage = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  to: z.string(),
  kind: z.string(),
  language: z.string(),
  subject: z.string(),
  /** `outbox`: kept here only; `smtp`: handed to the mail server */
  transport: z.enum(['outbox', 'smtp']),
  createdAt: z.string(),
  /** the first 200 characters of the text (a hidden link the cut falls in ends whole: `token=[hidden]`) */
  preview: z.string(),
  /** a secret in a link (a forgotten-password link's token) was replaced by a placeholder */
  linksHidden: z.boolean(),
});
export const outboxMessageDetail = outboxMessage.extend({ text: z.string(), html: z.string() });
export type OutboxMessage = z.infer<typeof outboxMessageDetail>;

const outboxFilter = jsonQuery(
  z.strictObject({
    q: z.string().max(200).optional(),
    kind: z.string().max(50).optional(),
    language: z.enum(['en', 'es', 'fr']).optional(),
  }),
);

export const listOutboxQuery = z.strictObject({
  sort: sortParam(['createdAt'] as const).optional(),
  range: rangeParam.optional(),
  filter: outboxFilter.optional(),
});
export const outboxIdParams = z.strictObject({ id: z.string().min(1).max(200) });
