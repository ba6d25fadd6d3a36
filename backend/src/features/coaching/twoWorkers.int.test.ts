import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_TIME_ZONE, callStartText, wallTime } from '@portal/contracts/academy/schedule';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { testEnv } from '../../../../testing/env';
import { spawnWorker, waitFor } from '../../../../testing/servers';
import { type LoopbackSmtp, startLoopbackSmtp } from '../../../../testing/smtp';
import { createUser, type CreatedUser } from '../../../../testing/users';
import { seedAcademyContent } from '../../demo/academy';

/**
 * Issue 18: "reminders and nudges are sent exactly once with two workers running". Two real
 * worker processes (worker/src/main.ts, with their job schedulers) and a loopback SMTP server:
 * live-call reminders in en, es and fr for the partners who opted in, one per call and person
 * however many scans run; nudges, one per nudge even when the mail job is queued again.
 */
let smtp: LoopbackSmtp;
let app: TestApp;
let admin: CreatedUser;
const workers: ChildProcess[] = [];
const LANGUAGES = ['en', 'es', 'fr'] as const;
/** The zone each partner's browser sends when turning reminders on; English sends none. */
const ZONES = { en: undefined, es: 'America/Mexico_City', fr: 'Europe/Paris' } as const;
const MINUTE = 60_000;

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  const extra = { SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.example.test' };
  app = await startTestApp(extra);
  await seedAcademyContent(app.deps);
  admin = await createUser(app, { admin: true });
  const env = testEnv(new URL(app.databaseUrl).pathname.slice(1), extra);
  const started = await Promise.all([spawnWorker(env), spawnWorker(env)]);
  workers.push(...started.map((w) => w.proc));
}, 180_000);

afterAll(async () => {
  for (const w of workers) w.kill('SIGTERM');
  await app?.close();
  await smtp?.close();
});

/**
 * Moves a live call (through the console's API) so that its weekly start is at `instant` (to
 * the minute); answers that start.
 */
async function scheduleCall(id: string, instant: number, changes: Record<string, unknown> = {}) {
  const w = wallTime(instant);
  const {
    id: _id,
    position: _p,
    icon: _i,
    sequence: _s,
    ...editable
  } = (await admin.client.get(`/api/admin/live-calls/${id}`)).body;
  const res = await admin.client.request('PUT', `/api/admin/live-calls/${id}`, {
    ...editable,
    ...changes,
    dayOfWeek: new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay(),
    time: `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`,
    weekOfMonth: null,
  });
  expect(res.status).toBe(200);
  return Math.floor(instant / MINUTE) * MINUTE;
}

/** Waits until every job with these ids has finished (completed or failed for good). */
async function jobsDone(ids: string[]) {
  await waitFor(
    async () => {
      const states = await Promise.all(
        ids.map(async (id) => (await app.deps.queues.mail.getJob(id))?.getState()),
      );
      return states.every((s) => s === 'completed' || s === 'failed');
    },
    90_000,
    `jobs ${ids.join(', ')} to finish`,
  );
  for (const id of ids) expect(await (await app.deps.queues.mail.getJob(id))!.getState()).toBe('completed');
}

const outboxIds = async (kind: string) =>
  (await app.deps.db('mail_outbox').where({ kind }).pluck('id')) as string[];

describe('two workers', () => {
  it('send each live-call reminder once, in each partner’s language, to those who opted in', async () => {
    const now = Date.now();
    // one call 30 minutes from now; the two others 12 hours away, out of the reminder window
    const start = await scheduleCall('science-call', now + 30 * MINUTE, {
      name: { en: 'Science Night', es: 'Noche de ciencia', fr: 'Soirée science' },
      host: 'Dr. Lee',
      passcode: 'atoms42',
      zoomLink: 'https://zoom.us/j/70000000001',
    });
    await scheduleCall('partner-training', now + 12 * 60 * MINUTE);
    await scheduleCall('monthly-team-training', now + 13 * 60 * MINUTE);

    const partners = await Promise.all(
      LANGUAGES.map(async (language) => {
        const p = await createUser(app, { firstName: `Rita-${language}` });
        expect((await p.client.post('/api/preferred-language', { language })).status).toBe(200);
        const timeZone = ZONES[language];
        const on = await p.client.post('/api/coaching/call-reminders', { enabled: true, timeZone });
        expect(on.status).toBe(200);
        expect(on.body).toMatchObject({ callReminders: true, callReminderTimeZone: timeZone ?? null });
        return { ...p, language };
      }),
    );
    const silent = await createUser(app);
    const changedMind = await createUser(app);
    await changedMind.client.post('/api/coaching/call-reminders', { enabled: true });
    expect(
      (await changedMind.client.post('/api/coaching/call-reminders', { enabled: false })).body.callReminders,
    ).toBe(false);
    expect((await silent.client.get('/api/coaching')).body.callReminders).toBe(false);
    expect((await silent.client.post('/api/coaching/call-reminders', { enabled: 'yes' })).status).toBe(400);
    // a zone this server does not know is refused, and changes nothing
    const badZone = await silent.client.post('/api/coaching/call-reminders', {
      enabled: true,
      timeZone: 'Mars/Olympus_Mons',
    });
    expect([badZone.status, badZone.body.message]).toEqual([400, expect.stringContaining('time zone')]);
    expect((await silent.client.get('/api/coaching')).body.callReminders).toBe(false);
    // a zone alone does not turn reminders back on (they were turned off on another device)
    const zoneOnly = await changedMind.client.post('/api/coaching/call-reminders', {
      timeZone: 'Asia/Tokyo',
    });
    expect(zoneOnly.body).toMatchObject({ callReminders: false, callReminderTimeZone: null });
    expect((await silent.client.post('/api/coaching/call-reminders', {})).status).toBe(400);

    // both workers registered the scheduler; it exists once, every 5 minutes
    const schedulers = (await app.deps.queues.mail.getJobSchedulers()).filter(
      (j) => j.name === 'callReminders',
    );
    expect(schedulers.map((j) => [j.key, j.every])).toEqual([['call-reminders-every-5-minutes', 300_000]]);

    // several scans at once (overlapping scheduler runs), taken by whichever worker is free
    const scans = ['scan-1', 'scan-2', 'scan-3', 'scan-4', 'scan-5', 'scan-6'];
    await Promise.all(scans.map((jobId) => app.deps.queues.mail.add('callReminders', {}, { jobId })));
    await jobsDone(scans);
    for (const p of partners) await smtp.messagesFor(p.email);
    // a message's outbox row commits just after the server accepted it (docs/decisions/mail.md)
    await waitFor(
      async () => (await outboxIds('callReminder')).length >= partners.length,
      30_000,
      'the reminders’ outbox rows',
    );
    const ids = await outboxIds('callReminder');
    expect(ids).toHaveLength(partners.length);
    for (const p of partners) expect(ids.filter((id) => id.endsWith(p.id))).toHaveLength(1);
    await jobsDone(ids);

    const expected = {
      en: {
        subject: 'Science Night starts in one hour',
        passcode: 'Passcode: atoms42',
        button: 'Join the call:',
      },
      es: {
        subject: 'Noche de ciencia empieza en una hora',
        passcode: 'Código de acceso: atoms42',
        button: 'Unirme a la llamada:',
      },
      fr: {
        subject: 'Soirée science commence dans une heure',
        passcode: 'Code d’accès\u00a0: atoms42',
        button: 'Rejoindre l’appel\u00a0:',
      },
    };
    for (const p of partners) {
      const mails = await smtp.messagesFor(p.email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect([mail.subject, mail.language, mail.kind]).toEqual([
        expected[p.language].subject,
        p.language,
        'callReminder',
      ]);
      expect(mail.text).toContain(`Rita-${p.language}`);
      expect(mail.text).toContain(expected[p.language].passcode);
      expect(mail.text).toContain(`${expected[p.language].button} https://zoom.us/j/70000000001`);
      // the start in the partner's language and zone (New York for one who gave none)
      expect(mail.text).toContain(callStartText(start, p.language, ZONES[p.language] ?? CALL_TIME_ZONE));
      expect(mail.text).toContain('Dr. Lee');
    }

    // later scans (another tick of either scheduler) send nothing again
    await Promise.all(
      ['scan-7', 'scan-8'].map((jobId) => app.deps.queues.mail.add('callReminders', {}, { jobId })),
    );
    await jobsDone(['scan-7', 'scan-8']);
    expect((await outboxIds('callReminder')).sort()).toEqual(ids.sort());
    const reminded = smtp.received.filter((m) => m.kind === 'callReminder');
    expect(reminded.map((m) => m.to).sort()).toEqual(partners.map((p) => p.email.toLowerCase()).sort());
  }, 240_000);

  it('send each nudge once, even when its mail job is queued again', async () => {
    const sponsor = await createUser(app, { firstName: 'Sam', lastName: 'Sponsor' });
    const partners = await Promise.all(
      LANGUAGES.map(async (language) => {
        const p = await createUser(app, { sponsorId: sponsor.id, firstName: `Nico-${language}` });
        await p.client.post('/api/preferred-language', { language });
        return { ...p, language };
      }),
    );
    for (const p of partners) {
      expect(
        (await sponsor.client.post(`/api/coaching/partners/${p.id}/nudge`, { note: 'On y va' })).status,
      ).toBe(200);
    }
    // the same message queued three more times (a re-queued or retried job) while both workers run
    const jobIds: string[] = [];
    for (const p of partners) {
      const messageId = `nudge-${p.id}-`;
      const original = (
        await app.deps.queues.mail.getJobs(['waiting', 'active', 'completed', 'delayed'])
      ).find((j) => j?.id?.startsWith(messageId));
      expect(original).toBeDefined();
      jobIds.push(original!.id!);
      for (const copy of [1, 2, 3]) {
        const jobId = `${original!.id}-again-${copy}`;
        await app.deps.queues.mail.add('send', original!.data, { jobId });
        jobIds.push(jobId);
      }
    }
    await jobsDone(jobIds);
    const subjects = {
      en: 'Sam Sponsor is cheering you on',
      es: 'Sam Sponsor te anima a seguir',
      fr: 'Sam Sponsor vous encourage',
    };
    for (const p of partners) {
      const mails = await smtp.messagesFor(p.email);
      expect(mails.map((m) => [m.subject, m.language])).toEqual([[subjects[p.language], p.language]]);
    }
    expect(await outboxIds('nudge')).toHaveLength(partners.length);
  }, 240_000);
});
