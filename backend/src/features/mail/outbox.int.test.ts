import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { waitFor } from '../../../../testing/servers';
import { resetTokenIn } from '../../../../testing/smtp';
import { keptResetLink } from '../../mail/keptResetLink';
import { createUser } from '../../../../testing/users';
import { startWorkers } from '../../../../worker/src/runWorkers';
import { passwordResetMailJob } from '../../../../worker/src/jobs/mail';

/**
 * Without SMTP_URL nothing leaves the machine: the worker keeps each message in the outbox, and
 * the console's Outbox resource lists and shows it (only to admins), with the secrets of its
 * links hidden: an admin must not be able to open a partner's pending reset link.
 */
let app: TestApp;
let workers: Worker[];

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: 'http://portal.example.test' });
  workers = startWorkers(app.deps, [passwordResetMailJob as never]);
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await app?.close();
});

describe('mail outbox (no SMTP)', () => {
  it('keeps every message for the console, its reset link hidden there and working for the partner', async () => {
    const admin = await createUser(app, { admin: true });
    const partner = await createUser(app, { firstName: 'Élodie' });
    await partner.client.post('/api/preferred-language', { language: 'fr' });
    expect((await app.client().post('/api/password-reset/request', { email: partner.email })).status).toBe(
      200,
    );

    let list = await admin.client.get('/api/admin/mail-outbox');
    await waitFor(
      async () => {
        list = await admin.client.get(
          `/api/admin/mail-outbox?filter=${encodeURIComponent('{"language":"fr"}')}`,
        );
        // the page and its count are two queries: both must have seen the message the worker wrote
        return list.body.length === 1 && list.headers.get('content-range') === 'mail-outbox 0-0/1';
      },
      30_000,
      'the message in the outbox',
    );
    expect(list.headers.get('content-range')).toBe('mail-outbox 0-0/1');
    const [row] = list.body;
    expect(row).toMatchObject({
      to: partner.email,
      kind: 'passwordReset',
      language: 'fr',
      transport: 'outbox',
      subject: 'Choisissez un nouveau mot de passe pour Training Academy',
      userId: partner.id,
    });
    expect(row.preview).toMatch(/^Bonjour Élodie,/);
    // cut after 200 characters, but not inside the hidden link's placeholder
    expect(row.preview).toMatch(/new-password#token=\[hidden\]$/);
    expect(row.preview.length).toBeLessThanOrEqual(200 + 'token=[hidden]'.length);

    const one = await admin.client.get(`/api/admin/mail-outbox/${row.id}`);
    expect(one.status).toBe(200);
    expect(one.body.html).toContain('lang="fr"');

    // the table keeps the working link (it is the delivery); no answer of the console carries it
    const stored = await app.deps.db('mail_outbox').where({ id: row.id }).first();
    const token = resetTokenIn(stored.text_body)!;
    expect(token).toBeTruthy();
    expect(stored.html_body).toContain(token);
    const secret = token.split('.')[1];
    for (const answer of [list.text, one.text]) {
      expect(answer).not.toContain(secret);
      expect(answer).not.toMatch(/token=[\w-]/);
    }
    expect(row.linksHidden).toBe(true);
    expect(one.body.linksHidden).toBe(true);
    expect(one.body.text).toContain('/new-password#token=[hidden]');
    expect(one.body.html).toContain('href="http://portal.example.test/new-password#token=[hidden]"');

    // the partner's own link still works: the developer's way to it reads the table
    const link = await keptResetLink(app.deps.db, partner.email.toUpperCase());
    expect(link).toBe(`http://portal.example.test/new-password#token=${token}`);
    const done = await app
      .client()
      .post('/api/password-reset/complete', { token, newPassword: 'Outbox-Link-2026' });
    expect(done.status).toBe(200);

    expect((await partner.client.get('/api/admin/mail-outbox')).status).toBe(401);
    expect((await app.client().get('/api/admin/mail-outbox')).status).toBe(401);
    const other = await createUser(app);
    expect((await other.client.get('/api/admin/mail-outbox')).status).toBe(403);
    expect((await admin.client.get('/api/admin/mail-outbox/nope')).status).toBe(404);
    const badFilter = await admin.client.get(
      `/api/admin/mail-outbox?filter=${encodeURIComponent('{"language":"de"}')}`,
    );
    expect(badFilter.status).toBe(400);
  }, 90_000);

  it('forgets the messages of a deleted account', async () => {
    const admin = await createUser(app, { admin: true });
    const partner = await createUser(app);
    await app.client().post('/api/password-reset/request', { email: partner.email });
    await waitFor(
      async () => Boolean(await app.deps.db('mail_outbox').where({ user_id: partner.id }).first()),
      30_000,
      'the message',
    );
    expect((await admin.client.request('DELETE', `/api/admin/users/${partner.id}`)).status).toBe(200);
    expect(await app.deps.db('mail_outbox').where({ user_id: partner.id })).toEqual([]);
  }, 90_000);
});
