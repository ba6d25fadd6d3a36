import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { testEnv } from '../../../../testing/env';
import { spawnWorker, waitFor } from '../../../../testing/servers';
import { type LoopbackSmtp, resetTokenIn, startLoopbackSmtp } from '../../../../testing/smtp';
import { createUser } from '../../../../testing/users';
import { sendPasswordReset } from './passwordReset';

/**
 * Forgotten passwords end to end on the API: the request answers the same for every address,
 * two real worker processes (worker/src/main.ts) look the address up and send the link through a
 * loopback SMTP server, in the partner's language; the link works once, for 30 minutes, refuses a
 * common password, and ends every session.
 */
let smtp: LoopbackSmtp;
let app: TestApp;
const workers: ChildProcess[] = [];
const PUBLIC_URL = 'http://portal.example.test';

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  const extra = { SMTP_URL: smtp.url, PUBLIC_URL };
  // one trusted proxy: a test may sign in from several client addresses (X-Forwarded-For)
  app = await startTestApp({ ...extra, TRUSTED_PROXY_HOPS: '1' });
  const env = testEnv(new URL(app.databaseUrl).pathname.slice(1), extra);
  const started = await Promise.all([spawnWorker(env), spawnWorker(env)]);
  workers.push(...started.map((w) => w.proc));
}, 120_000);

afterAll(async () => {
  for (const w of workers) w.kill('SIGTERM');
  await app?.close();
  await smtp?.close();
});

const ask = (email: string) => app.client().post('/api/password-reset/request', { email });
const complete = (token: string, newPassword: string) =>
  app.client().post('/api/password-reset/complete', { token, newPassword });
const eventTypes = async (userId: string) =>
  (await app.deps.store.readStream(`User-${userId}`)).map((e) => e.type);

describe('forgotten password', () => {
  it('mails the link in each partner’s language, through the worker, once', async () => {
    const partners = await Promise.all(
      (['en', 'es', 'fr'] as const).map(async (language) => {
        const user = await createUser(app, { firstName: `Ana-${language}` });
        const set = await user.client.post('/api/preferred-language', { language });
        expect(set.status).toBe(200);
        expect(set.body.user.preferredLanguage).toBe(language);
        return { ...user, language };
      }),
    );
    for (const p of partners) expect((await ask(p.email)).status).toBe(200);
    const expected = {
      en: {
        subject: 'Set a new password for the Training Academy',
        greeting: 'Hello Ana-en,',
        button: 'Set a new password',
      },
      es: {
        subject: 'Crea una nueva contraseña para Training Academy',
        greeting: 'Hola Ana-es:',
        button: 'Crear una nueva contraseña',
      },
      fr: {
        subject: 'Choisissez un nouveau mot de passe pour Training Academy',
        greeting: 'Bonjour Ana-fr,',
        button: 'Choisir un nouveau mot de passe',
      },
    };
    for (const p of partners) {
      const [mail] = await smtp.messagesFor(p.email);
      const want = expected[p.language];
      expect(mail.subject).toBe(want.subject);
      expect(mail.language).toBe(p.language);
      expect(mail.kind).toBe('passwordReset');
      expect(mail.text).toContain(want.greeting);
      expect(mail.text).toContain(`${PUBLIC_URL}/new-password#token=${p.id}.`);
      expect(mail.html).toContain(`lang="${p.language}"`);
      expect(mail.html).toContain(want.button);
      expect(resetTokenIn(mail.html)).toBe(resetTokenIn(mail.text));
    }
    // the kept copy of a message sent by SMTP has no working link; its row commits just after the
    // server accepted the message (docs/decisions/mail.md)
    const keptRow = () => app.deps.db('mail_outbox').where({ user_id: partners[0].id }).first();
    await waitFor(async () => Boolean(await keptRow()), 30_000, 'the outbox row');
    const kept = await keptRow();
    expect(kept).toMatchObject({ transport: 'smtp', language: 'en', kind: 'passwordReset' });
    expect(kept.text_body).not.toMatch(/token=/);
    // two workers, one message each
    await new Promise((r) => setTimeout(r, 1500));
    for (const p of partners) expect(smtp.received.filter((m) => m.to === p.email)).toHaveLength(1);
  }, 120_000);

  it('writes to an account with no language in the language of the page that asked, else English', async () => {
    const [fromFrench, fromNowhere, spanish] = await Promise.all(
      ['Noe-fr', 'Noe-none', 'Noe-es'].map((firstName) => createUser(app, { firstName })),
    );
    expect((await spanish.client.post('/api/preferred-language', { language: 'es' })).status).toBe(200);
    const stored = await app.deps
      .db('users')
      .whereIn('id', [fromFrench.id, fromNowhere.id])
      .pluck('preferred_language');
    expect(stored).toEqual([null, null]);
    const askFrom = (email: string, language?: string) =>
      app.client().post('/api/password-reset/request', { email, ...(language && { language }) });
    for (const answer of await Promise.all([
      askFrom(fromFrench.email, 'fr'),
      askFrom(fromNowhere.email),
      // the account's own language wins over the page's
      askFrom(spanish.email, 'fr'),
    ]))
      expect(answer.status).toBe(200);
    const [fr] = await smtp.messagesFor(fromFrench.email);
    expect([fr.language, fr.subject]).toEqual([
      'fr',
      'Choisissez un nouveau mot de passe pour Training Academy',
    ]);
    expect(fr.text).toContain('Bonjour Noe-fr,');
    const [en] = await smtp.messagesFor(fromNowhere.email);
    expect([en.language, en.subject]).toEqual(['en', 'Set a new password for the Training Academy']);
    const [es] = await smtp.messagesFor(spanish.email);
    expect([es.language, es.subject]).toEqual(['es', 'Crea una nueva contraseña para Training Academy']);
    // a language the portal does not write is refused, as any malformed request
    expect((await askFrom(fromNowhere.email, 'de')).status).toBe(400);
  }, 120_000);

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await createUser(app);
    const [a, b] = await Promise.all([ask(known.email), ask('nobody-here@example.test')]);
    expect([b.status, b.text]).toEqual([a.status, a.text]);
    expect(a.body.message).toMatch(/If an account exists for this address/);
    await smtp.messagesFor(known.email);
    const jobs = app.deps.queues.mail;
    await waitFor(
      async () => (await jobs.getJobCounts('wait', 'active', 'delayed')).wait === 0,
      30_000,
      'queue',
    );
    await waitFor(async () => (await jobs.getJobCounts('active')).active === 0, 30_000, 'jobs done');
    expect(smtp.received.filter((m) => m.to === 'nobody-here@example.test')).toEqual([]);
  }, 120_000);

  it('sets the password once, ends every session, and records the change', async () => {
    const user = await createUser(app);
    const other = app.client();
    expect((await other.post('/api/login', { email: user.email, password: user.password })).status).toBe(200);
    await ask(user.email);
    const token = resetTokenIn((await smtp.messagesFor(user.email))[0].text)!;

    const common = await complete(token, 'password123');
    expect(common.status).toBe(400);
    expect(common.body.error).toBe('common_password');

    const done = await complete(token, 'Brand-New-Secret-77');
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/Your password has been changed/);
    for (const client of [user.client, other]) expect((await client.get('/api/me')).status).toBe(401);
    const fresh = app.client();
    expect((await fresh.post('/api/login', { email: user.email, password: user.password })).status).toBe(401);
    expect(
      (await fresh.post('/api/login', { email: user.email, password: 'Brand-New-Secret-77' })).status,
    ).toBe(200);

    const again = await complete(token, 'Another-Secret-88');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'reset_link_invalid' });
    const types = await eventTypes(user.id);
    expect(types.slice(-3)).toEqual(['PasswordResetRequested', 'PasswordResetCompleted', 'PasswordChanged']);
    // the sign-in with the new password is on the sign-in stream, after the change
    const [signIn] = (await app.deps.store.readStream(`SignIns-${user.id}`)).slice(-1);
    const [change] = (await app.deps.store.readStream(`User-${user.id}`)).slice(-1);
    expect(signIn.type).toBe('UserSignedIn');
    expect(signIn.position > change.position).toBe(true);
    const changed = (await app.deps.store.readStream(`User-${user.id}`)).filter(
      (e) => e.type === 'PasswordChanged',
    );
    expect(changed.at(-1)?.data).toMatchObject({ reason: 'reset' });
    await waitFor(
      async () =>
        (
          await app.deps
            .db('audit_log')
            .where({ stream_id: `User-${user.id}`, event_type: 'PasswordResetCompleted' })
        ).length === 1,
      30_000,
      'audit line',
    );
    const audit = await app.deps
      .db('audit_log')
      .where({ stream_id: `User-${user.id}` })
      .select('event_type', 'changes');
    expect(audit.map((a) => a.event_type)).toContain('PasswordResetRequested');
    expect(JSON.stringify(audit)).not.toMatch(/tokenHash|passwordHash/);
  }, 120_000);

  it('lifts the sign-in lockout of the client that set the new password, and only that one', async () => {
    const user = await createUser(app);
    const from = (ip: string, password: string) =>
      app.client().request('POST', '/api/login', { email: user.email, password }, { 'x-forwarded-for': ip });
    for (const ip of ['10.9.0.1', '10.9.0.2'])
      for (let i = 1; i <= 30; i++) expect((await from(ip, `wrong-${i}`)).status).toBe(401);
    expect((await from('10.9.0.1', user.password)).status).toBe(429);

    await ask(user.email);
    const token = resetTokenIn((await smtp.messagesFor(user.email)).at(-1)!.text)!;
    const done = await app
      .client()
      .request(
        'POST',
        '/api/password-reset/complete',
        { token, newPassword: 'Unlocked-Secret-55' },
        { 'x-forwarded-for': '10.9.0.1' },
      );
    expect(done.status).toBe(200);
    expect((await from('10.9.0.1', 'Unlocked-Secret-55')).status).toBe(200);
    // the other client's failures were not the owner's: that one still waits
    expect((await from('10.9.0.2', 'Unlocked-Secret-55')).status).toBe(429);
  }, 120_000);

  it('refuses a link after 30 minutes, a replaced link, and a made-up one', async () => {
    const user = await createUser(app);
    await ask(user.email);
    const first = resetTokenIn((await smtp.messagesFor(user.email, 1))[0].text)!;
    const realNow = app.deps.now;
    app.deps.now = () => new Date(realNow().getTime() + 31 * 60_000);
    try {
      expect((await complete(first, 'Late-Secret-2026')).body.error).toBe('reset_link_invalid');
    } finally {
      app.deps.now = realNow;
    }
    await ask(user.email);
    const second = resetTokenIn((await smtp.messagesFor(user.email, 2))[1].text)!;
    expect((await complete(first, 'Old-Link-Secret-1')).body.error).toBe('reset_link_invalid');
    const madeUp = `${user.id}.${'A'.repeat(43)}`;
    expect((await complete(madeUp, 'Made-Up-Secret-1')).body.error).toBe('reset_link_invalid');
    const unknownUser = `00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`;
    const unknown = await complete(unknownUser, 'Made-Up-Secret-1');
    expect([unknown.status, unknown.body.error]).toEqual([400, 'reset_link_invalid']);
    expect((await complete(second, 'Second-Link-Secret-1')).status).toBe(200);
  }, 120_000);

  it('sends one message for one request, even when two senders run it', async () => {
    const user = await createUser(app);
    const job = { email: user.email, requestId: `password-reset-twice-${user.id}` };
    const results = await Promise.all([sendPasswordReset(app.deps, job), sendPasswordReset(app.deps, job)]);
    expect(results.filter((r) => r === 'sent')).toHaveLength(1);
    const [mail] = await smtp.messagesFor(user.email);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.filter((m) => m.to === user.email)).toHaveLength(1);
    expect((await eventTypes(user.id)).filter((t) => t === 'PasswordResetRequested')).toHaveLength(1);
    // the one link recorded is the one mailed
    expect((await complete(resetTokenIn(mail.text)!, 'Once-Only-Secret-5')).status).toBe(200);
  }, 60_000);

  it('throttles per address (same answer, no more mail) and per source (429)', async () => {
    const user = await createUser(app);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask(user.email));
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    await smtp.messagesFor(user.email, 3);
    await new Promise((r) => setTimeout(r, 2000));
    expect(smtp.received.filter((m) => m.to === user.email)).toHaveLength(3);
    let status = 200;
    for (let i = 0; i < 25 && status === 200; i++) status = (await ask(`someone-${i}@example.test`)).status;
    expect(status).toBe(429);
  }, 120_000);
});
