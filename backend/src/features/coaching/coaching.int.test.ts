import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { type LoopbackSmtp, startLoopbackSmtp } from '../../../../testing/smtp';
import { createUser } from '../../../../testing/users';
import { startWorkers } from '../../../../worker/src/runWorkers';
import { sendMailJob } from '../../../../worker/src/jobs/mail';

/**
 * Sponsors who coach (issue 18 point 4), on the API: stalled partners, nudges mailed by the
 * worker in each partner's language through a loopback SMTP server, the 72-hour rule, the
 * partner's opt-out and banner data.
 */
let smtp: LoopbackSmtp;
let app: TestApp;
let workers: Worker[];
const DAY = 86_400_000;

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.example.test' });
  workers = startWorkers(app.deps, [sendMailJob as never]);
}, 60_000);
afterAll(async () => {
  await Promise.all((workers ?? []).map((w) => w.close()));
  await app?.close();
  await smtp?.close();
});

const later = (ms: number) => {
  const real = Date.now;
  app.deps.now = () => new Date(real() + ms);
};

describe('sponsors who coach', () => {
  it('lists stalled partners and nudges each in their language, once per 72 hours', async () => {
    app.deps.now = () => new Date();
    const sponsor = await createUser(app, { firstName: 'Sam', lastName: 'Sponsor' });
    const partners = await Promise.all(
      (['en', 'es', 'fr'] as const).map(async (language) => {
        const p = await createUser(app, { sponsorId: sponsor.id, firstName: `Pat-${language}` });
        await p.client.post('/api/preferred-language', { language });
        return { ...p, language };
      }),
    );
    const stranger = await createUser(app);
    await app.deps.projections.waitFor((await app.deps.store.headPosition())!, { timeoutMs: 30_000 });

    expect((await sponsor.client.get('/api/partners/needs-attention')).body.partners).toEqual([]);
    later(8 * DAY);
    const list = await sponsor.client.get('/api/partners/needs-attention');
    expect(list.status).toBe(200);
    expect(list.body.days).toBe(7);
    expect(list.body.partners.map((p: { id: string }) => p.id).sort()).toEqual(
      partners.map((p) => p.id).sort(),
    );
    expect(list.body.partners[0]).toMatchObject({
      currentStep: 1,
      completedSteps: 0,
      daysSince: 8,
      nudgesOff: false,
    });
    expect((await sponsor.client.get('/api/partners/needs-attention?days=30')).body.partners).toEqual([]);
    expect((await sponsor.client.get('/api/partners/needs-attention?days=0')).status).toBe(400);

    for (const p of partners) {
      const sent = await sponsor.client.post(`/api/coaching/partners/${p.id}/nudge`, {
        note: `Allez ${p.language}!`,
      });
      expect(sent.status).toBe(200);
    }
    const subjects = {
      en: 'Sam Sponsor is cheering you on',
      es: 'Sam Sponsor te anima a seguir',
      fr: 'Sam Sponsor vous encourage',
    };
    for (const p of partners) {
      const [mail] = await smtp.messagesFor(p.email);
      expect(mail.subject).toBe(subjects[p.language]);
      expect(mail.language).toBe(p.language);
      expect(mail.text).toContain(`Pat-${p.language}`);
      expect(mail.text).toContain(`Allez ${p.language}!`);
      expect(mail.text).toContain('http://portal.example.test/foundation');
    }

    const banner = await partners[0].client.get('/api/coaching');
    expect(banner.body).toMatchObject({
      nudgesAllowed: true,
      latestNudge: { sponsorName: 'Sam Sponsor', note: 'Allez en!' },
    });

    const again = await sponsor.client.post(`/api/coaching/partners/${partners[0].id}/nudge`, {});
    expect([again.status, again.body.error]).toEqual([409, 'nudge_too_soon']);
    later(8 * DAY + 73 * 3_600_000);
    expect((await sponsor.client.post(`/api/coaching/partners/${partners[0].id}/nudge`, {})).status).toBe(
      200,
    );
    await smtp.messagesFor(partners[0].email, 2);

    // only the partner's own sponsor
    const foreign = await stranger.client.post(`/api/coaching/partners/${partners[1].id}/nudge`, {});
    expect([foreign.status, foreign.body.error]).toEqual([404, 'partner_not_found']);
    const events = await app.deps.store.readStream(`Coaching-${partners[0].id}`);
    expect(events.map((e) => [e.type, e.metadata.actorId])).toEqual([
      ['NudgeSent', sponsor.id],
      ['NudgeSent', sponsor.id],
    ]);
  }, 120_000);

  it('a partner who turns nudges off gets none', async () => {
    app.deps.now = () => new Date();
    const sponsor = await createUser(app);
    const partner = await createUser(app, { sponsorId: sponsor.id });
    const off = await partner.client.post('/api/coaching/nudges', { allowed: false });
    expect(off.body).toEqual({
      nudgesAllowed: false,
      callReminders: false,
      callReminderTimeZone: null,
      latestNudge: null,
    });
    const refused = await sponsor.client.post(`/api/coaching/partners/${partner.id}/nudge`, { note: 'hi' });
    expect([refused.status, refused.body.error]).toEqual([409, 'nudges_off']);
    later(8 * DAY);
    const list = await sponsor.client.get('/api/partners/needs-attention');
    expect(list.body.partners.find((p: { id: string }) => p.id === partner.id)).toMatchObject({
      nudgesOff: true,
    });
    expect((await partner.client.post('/api/coaching/nudges', { allowed: true })).body.nudgesAllowed).toBe(
      true,
    );
    expect((await sponsor.client.post(`/api/coaching/partners/${partner.id}/nudge`, {})).status).toBe(200);
    await smtp.messagesFor(partner.email);
    app.deps.now = () => new Date();
  }, 120_000);
});
