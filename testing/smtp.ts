import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './servers';

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string | null;
  kind: string | null;
}

export interface LoopbackSmtp {
  url: string;
  received: ReceivedMail[];
  /** waits until `count` messages for this address have arrived and answers them */
  messagesFor(to: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const header = (mail: ParsedMail, name: string) => {
  const value = mail.headers.get(name);
  return typeof value === 'string' ? value : null;
};

/** A real SMTP server on 127.0.0.1 (smtp-server) that parses what arrives with mailparser. */
export async function startLoopbackSmtp(): Promise<LoopbackSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          received.push({
            to: to?.value[0]?.address ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            language: header(mail, 'content-language'),
            kind: header(mail, 'x-portal-kind'),
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const forAddress = (to: string) => received.filter((m) => m.to === to.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async messagesFor(to, count = 1, timeoutMs = 60_000) {
      await waitFor(async () => forAddress(to).length >= count, timeoutMs, `${count} message(s) to ${to}`);
      return forAddress(to);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of a forgotten-password link in a message's text. */
export const resetTokenIn = (text: string) =>
  /new-password#token=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(text)?.[1];
