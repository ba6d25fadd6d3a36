/** A message ready to go: rendered, addressed, in its recipient's language. */
export interface MailMessage {
  /** stable id of this message: sending the same id twice sends it once */
  id: string;
  userId: string | null;
  to: string;
  kind: string;
  language: 'en' | 'es' | 'fr';
  subject: string;
  text: string;
  html: string;
}

/**
 * The mail port: hands a message to whatever carries mail. `smtp` (nodemailer, SMTP_URL) or
 * `outbox` (the embedded default: nothing leaves the machine; the outbox table shows it).
 */
export interface MailTransport {
  readonly name: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}
