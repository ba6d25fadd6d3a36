import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/app';
import { testEnv } from '../../../testing/env';
import { waitFor } from '../../../testing/servers';
import { type LoopbackSmtp, resetTokenIn, startLoopbackSmtp } from '../../../testing/smtp';
import { createUser } from '../../../testing/users';
import { sendMail } from '@portal/backend/mail/send';

/**
 * QUALITY 26 for the mail jobs: a real worker process is killed (SIGKILL) while the loopback
 * SMTP server holds its message unanswered (the mail not yet accepted); a second worker process
 * picks the job up after stall detection, and the partner gets the message exactly once (counted
 * at the server), with one outbox row and the job's recorded event once.
 */
let smtp: LoopbackSmtp;
let app: TestApp;
let childEnv: Record<string, string>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  const extra = { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.example.test' };
  app = await startTestApp(extra);
  childEnv = testEnv(new URL(app.databaseUrl).pathname.slice(1), extra);
}, 120_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await app?.close();
  await smtp?.close();
});

/** A worker process for the mail queue with short lock and stall intervals (oneQueue.testWorker.ts). */
function startWorkerProcess(): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), 'worker/src/jobs/oneQueue.testWorker.ts', 'mail'],
    {
      env: { PATH: process.env.PATH, ...childEnv },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

const stop = async (child: ChildProcess, signal: NodeJS.Signals) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
};

const outboxRows = (id: string) => app.deps.db('mail_outbox').where({ id }).select('id', 'kind', 'transport');
const eventsOf = async (stream: string, type: string) =>
  (await app.deps.store.readStream(stream)).filter((e) => e.type === type);
const offeredTo = (email: string) => smtp.offered.filter((to) => to === email.toLowerCase()).length;

/**
 * Starts a first worker, waits until the mail server holds the message to `to`, kills the worker
 * (SIGKILL) and starts a second one, which must finish the job `jobId`. Answers the mails `to`
 * received, once the job completed.
 */
async function killedMidSend(to: string, jobId: () => Promise<string>) {
  const held = smtp.holdNext(to);
  const first = startWorkerProcess();
  await held.arrived;
  const id = await jobId();
  expect(await app.deps.queues.mail.getJobState(id)).toBe('active');
  // nothing is recorded as sent while the mail server has not accepted the message, and the
  // waiting sender's transaction has no transaction id (it holds back no event-store reader)
  expect(await outboxRows(id)).toEqual([]);
  const waiting = await app.deps.db.raw(
    `select backend_xid from pg_stat_activity where datname = current_database()
       and state = 'idle in transaction' and query like '%from "mail_outbox"%'`,
  );
  expect(waiting.rows).toEqual([{ backend_xid: null }]);
  await stop(first, 'SIGKILL');
  await held.dropped;
  expect(smtp.received.filter((m) => m.to === to.toLowerCase())).toEqual([]);

  const second = startWorkerProcess();
  try {
    await waitFor(
      async () => (await app.deps.queues.mail.getJobState(id)) === 'completed',
      90_000,
      `the second worker to finish job ${id}`,
    );
  } finally {
    await stop(second, 'SIGTERM');
  }
  const job = (await app.deps.queues.mail.getJob(id))!;
  // taken up again after stall detection; one finished attempt (no retry after a failure)
  expect(job.stalledCounter).toBeGreaterThanOrEqual(1);
  expect(job.attemptsMade).toBe(1);
  // the message reached the server twice (held then dropped, then accepted): delivered once
  expect(offeredTo(to)).toBe(2);
  return { id, mails: smtp.received.filter((m) => m.to === to.toLowerCase()) };
}

describe('a mail worker killed in the middle of a send', () => {
  it('nudge: the partner gets it once, the outbox and the nudge event hold it once', async () => {
    const sponsor = await createUser(app, { firstName: 'Sam', lastName: 'Sponsor' });
    const partner = await createUser(app, { sponsorId: sponsor.id, firstName: 'Nico' });
    const sent = await sponsor.client.post(`/api/coaching/partners/${partner.id}/nudge`, { note: 'On y va' });
    expect(sent.status).toBe(200);

    const { id, mails } = await killedMidSend(
      partner.email,
      async () => `nudge-${partner.id}-${Date.parse(sent.body.sentAt)}`,
    );
    expect(mails.map((m) => [m.subject, m.kind])).toEqual([['Sam Sponsor is cheering you on', 'nudge']]);
    expect(mails[0].text).toContain('On y va');
    expect(await outboxRows(id)).toEqual([{ id, kind: 'nudge', transport: 'smtp' }]);
    expect(await eventsOf(`Coaching-${partner.id}`, 'NudgeSent')).toHaveLength(1);
  }, 180_000);

  it('password reset: one link recorded, mailed once, and it works', async () => {
    const user = await createUser(app);
    expect((await app.client().post('/api/password-reset/request', { email: user.email })).status).toBe(200);

    const { id, mails } = await killedMidSend(user.email, async () => {
      const [job] = await app.deps.queues.mail.getJobs(['active']);
      return job!.id!;
    });
    expect(mails.map((m) => m.kind)).toEqual(['passwordReset']);
    expect(await outboxRows(id)).toEqual([{ id, kind: 'passwordReset', transport: 'smtp' }]);
    // the first worker recorded the link before it mailed it; the second recorded nothing more
    expect(await eventsOf(`User-${user.id}`, 'PasswordResetRequested')).toHaveLength(1);
    const token = resetTokenIn(mails[0].text)!;
    const done = await app
      .client()
      .post('/api/password-reset/complete', { token, newPassword: 'Killed-Once-Secret-7' });
    expect(done.status).toBe(200);
  }, 180_000);
});

describe('sendMail', () => {
  it('records nothing when the mail server refuses, so the retry sends the message once', async () => {
    const user = await createUser(app);
    const request = {
      id: `refused-once-${user.id}`,
      userId: user.id,
      to: user.email,
      kind: 'nudge',
      language: 'en' as const,
      params: {
        firstName: 'Rita',
        sponsorName: 'Sam Sponsor',
        note: '',
        link: 'http://portal.example.test/',
      },
    };
    smtp.refuseNext(user.email);
    await expect(sendMail(app.deps, request)).rejects.toMatchObject({ responseCode: 451 });
    expect(await outboxRows(request.id)).toEqual([]);
    expect(await sendMail(app.deps, request)).toBe('sent');
    expect(await sendMail(app.deps, request)).toBe('duplicate');
    expect(smtp.received.filter((m) => m.to === user.email.toLowerCase())).toHaveLength(1);
    expect(offeredTo(user.email)).toBe(2);
    expect(await outboxRows(request.id)).toEqual([{ id: request.id, kind: 'nudge', transport: 'smtp' }]);
  });
});
