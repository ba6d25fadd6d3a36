import type { Config } from '../config';
import type { Db } from '../infra/db';
import type { Logger } from '../infra/logger';
import type { MailMessage, MailTransport } from './port';
import { createSmtpTransport, outboxOnly } from './smtp';
import { MAIL_LANGUAGES, type MailLanguage, renderMail } from './templates';

const transports = new Map<string, MailTransport>();

/** The configured transport: SMTP when SMTP_URL is set, else the outbox only. */
function mailTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): MailTransport {
  if (!config.SMTP_URL) return outboxOnly;
  const key = `${config.SMTP_URL} ${config.MAIL_FROM}`;
  let transport = transports.get(key);
  if (!transport) {
    transport = createSmtpTransport(config.SMTP_URL, config.MAIL_FROM);
    transports.set(key, transport);
  }
  return transport;
}

/** The address links in e-mails point to (PUBLIC_URL; never a request's Host header). */
export const publicUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

export const mailLanguage = (language: string | null | undefined): MailLanguage =>
  MAIL_LANGUAGES.includes(language as MailLanguage) ? (language as MailLanguage) : 'en';

export interface MailRequest {
  /** stable id: a message with an id already in the outbox is not sent again */
  id: string;
  userId: string | null;
  to: string;
  kind: string;
  language: MailLanguage;
  params: Record<string, string>;
  /** params that must not be kept once the message left by SMTP (links that sign in, tokens) */
  secretParams?: readonly string[];
}

interface MailDeps {
  db: Db;
  config: Config;
  logger: Logger;
}

export const isMailSent = async (db: Db, id: string) =>
  Boolean(await db('mail_outbox').where({ id }).first('id'));

/**
 * Renders the message in its recipient's language and sends it once. The sender holds a
 * PostgreSQL advisory lock on the message id from before its outbox check until the outbox row is
 * committed, in one transaction that writes nothing before the mail server accepted the message:
 * - a second sender of the id (a retried or re-queued job, another worker) waits for the lock,
 *   then finds the row and sends nothing;
 * - a sender killed during the hand-over leaves no row, and its lock goes with its connection,
 *   so the job, picked up again after stall detection, sends the message;
 * - a refusal by the mail server rolls back (no row) and the job's retry sends it.
 * What remains is the moment between the server's acceptance and the commit: a sender killed
 * there leaves the message delivered but unrecorded, and the job sends it again, with the same
 * Message-ID (docs/decisions/mail.md). The transaction takes no transaction id until the insert,
 * so a slow mail server never holds back the event store's readers (their safe horizon).
 * With SMTP the kept copy has the secret parameters blanked; without SMTP the outbox is the
 * delivery, so it keeps them: the console's answers hide them (mail/hideSecrets.ts), and a
 * developer reads a reset link with `npm run mail:reset-link` (mail/keptResetLink.ts).
 */
export async function sendMail(deps: MailDeps, request: MailRequest): Promise<'sent' | 'duplicate'> {
  const transport = mailTransport(deps.config);
  const rendered = renderMail(request.kind, request.language, request.params);
  const hidden = { ...request.params };
  for (const key of request.secretParams ?? []) hidden[key] = '[link removed from the copy]';
  const kept = transport.name === 'smtp' ? renderMail(request.kind, request.language, hidden) : rendered;
  const message: MailMessage = {
    id: request.id,
    userId: request.userId,
    to: request.to,
    kind: request.kind,
    language: request.language,
    ...rendered,
  };
  const result = await deps.db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`mail_outbox:${request.id}`]);
    if (await isMailSent(trx, request.id)) return 'duplicate' as const;
    await transport.send(message);
    await trx('mail_outbox').insert({
      id: request.id,
      user_id: request.userId,
      to_address: request.to,
      kind: request.kind,
      language: request.language,
      subject: kept.subject,
      text_body: kept.text,
      html_body: kept.html,
      transport: transport.name,
    });
    return 'sent' as const;
  });
  if (result === 'sent')
    deps.logger.info(
      { mailId: request.id, kind: request.kind, language: request.language, transport: transport.name },
      'mail sent',
    );
  return result;
}
