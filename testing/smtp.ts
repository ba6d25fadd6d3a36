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

/** A message kept unanswered at the end of its data (the sender waits for the server's verdict). */
interface HeldMail {
  /** resolves when the message has arrived and is being held */
  arrived: Promise<void>;
  /** resolves when the sender's connection closed with the message still held (never accepted) */
  dropped: Promise<void>;
}

export interface LoopbackSmtp {
  url: string;
  /** messages the server accepted (answered 250): what was delivered */
  received: ReceivedMail[];
  /** recipients of every message whose data arrived in full, accepted or not */
  offered: string[];
  /** the next message to `to` is held: its data is read, the server never answers it */
  holdNext(to: string): HeldMail;
  /** the next message to `to` is refused (451, try again later) */
  refuseNext(to: string): void;
  /** waits until `count` messages for this address have arrived and answers them */
  messagesFor(to: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const header = (mail: ParsedMail, name: string) => {
  const value = mail.headers.get(name);
  return typeof value === 'string' ? value : null;
};

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that parses what arrives with mailparser. Like
 * a real one it delivers a message only once it answered its data with 250: a held message
 * whose sender goes away is never delivered.
 */
export async function startLoopbackSmtp(): Promise<LoopbackSmtp> {
  const received: ReceivedMail[] = [];
  const offered: string[] = [];
  const holds: { to: string; arrived: () => void; dropped: () => void; session?: string }[] = [];
  const refusals: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          const address = to?.value[0]?.address?.toLowerCase() ?? '';
          offered.push(address);
          const hold = holds.find((h) => h.to === address && !h.session);
          if (hold) {
            hold.session = session.id;
            hold.arrived();
            return;
          }
          if (refusals.includes(address)) {
            refusals.splice(refusals.indexOf(address), 1);
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
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
    onClose(session) {
      for (const hold of holds) if (hold.session === session.id) hold.dropped();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const forAddress = (to: string) => received.filter((m) => m.to === to.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    offered,
    holdNext(to) {
      const hold = { to: to.toLowerCase(), arrived: () => {}, dropped: () => {} };
      const arrived = new Promise<void>((resolve) => (hold.arrived = resolve));
      const dropped = new Promise<void>((resolve) => (hold.dropped = resolve));
      holds.push(hold);
      return { arrived, dropped };
    },
    refuseNext(to) {
      refusals.push(to.toLowerCase());
    },
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
