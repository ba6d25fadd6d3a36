import type { Db } from '../infra/db';

const RESET_LINK = /https?:\/\/\S+\/new-password#token=[^\s"'<>]+/;

/**
 * The newest forgotten-password link the outbox kept for an address, read from the table (the
 * console only ever shows it hidden): how a developer without a mail server opens the link,
 * `npm run mail:reset-link -- <e-mail>`. Null when there is none, or when the message went by
 * SMTP (that copy has the link removed).
 */
export async function keptResetLink(db: Db, email: string): Promise<string | null> {
  const row: { text_body: string } | undefined = await db('mail_outbox')
    .whereRaw('lower(to_address) = lower(?)', [email])
    .where({ kind: 'passwordReset', transport: 'outbox' })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('text_body');
  return (row && RESET_LINK.exec(row.text_body)?.[0]) ?? null;
}
