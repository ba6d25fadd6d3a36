import nodemailer from 'nodemailer';
import type { MailTransport } from './port';

/** The real mail adapter: nodemailer over SMTP (`smtp://user:pass@host:587`, `smtps://…:465`). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@portal>`,
        headers: { 'Content-Language': message.language, 'X-Portal-Kind': message.kind },
      });
    },
    close: () => transporter.close(),
  };
}

/** The embedded default: the message stays in the outbox table, where the console shows it. */
export const outboxOnly: MailTransport = {
  name: 'outbox',
  send: async () => undefined,
  close: () => undefined,
};
