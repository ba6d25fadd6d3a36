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
 * Renders the message in its recipient's language and sends it once: the outbox row for its id
 * is the claim (written first; a second sender finds it and stops), removed again if the mail
 * server refuses, so the job's retry sends it. With SMTP the kept copy has the secret parameters
 * blanked; without SMTP the outbox is the delivery, so it keeps them (admins see the links).
 */
export async function sendMail(deps: MailDeps, request: MailRequest): Promise<'sent' | 'duplicate'> {
  const transport = mailTransport(deps.config);
  const rendered = renderMail(request.kind, request.language, request.params);
  const hidden = { ...request.params };
  for (const key of request.secretParams ?? []) hidden[key] = '[link removed from the copy]';
  const kept = transport.name === 'smtp' ? renderMail(request.kind, request.language, hidden) : rendered;
  const claimed = await deps
    .db('mail_outbox')
    .insert({
      id: request.id,
      user_id: request.userId,
      to_address: request.to,
      kind: request.kind,
      language: request.language,
      subject: kept.subject,
      text_body: kept.text,
      html_body: kept.html,
      transport: transport.name,
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  if (claimed.length === 0) return 'duplicate';
  const message: MailMessage = {
    id: request.id,
    userId: request.userId,
    to: request.to,
    kind: request.kind,
    language: request.language,
    ...rendered,
  };
  try {
    await transport.send(message);
  } catch (error) {
    await deps.db('mail_outbox').where({ id: request.id }).delete();
    throw error;
  }
  deps.logger.info(
    { mailId: request.id, kind: request.kind, language: request.language, transport: transport.name },
    'mail sent',
  );
  return 'sent';
}
