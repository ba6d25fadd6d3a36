import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { seedDemoPartners } from './demo';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('partners demo team', () => {
  it('is recorded once, with every status, and a sponsor sees it', async () => {
    const sponsor = { email: 'demo-sponsor@example.test', password: 'Demo-Sponsor-2026' };
    const first = await seedDemoPartners(app.deps, sponsor);
    expect(first.created).toBe(29);
    expect((await seedDemoPartners(app.deps, sponsor)).created).toBe(0);
    const client = app.client();
    expect((await client.post('/api/login', sponsor)).status).toBe(200);
    expect((await client.get('/api/partners/stats')).body).toEqual({
      totalPartners: 25,
      trainingComplete: 5,
      inProgress: 15,
      notStarted: 5,
    });
    const all = await client.get('/api/partners/stats?scope=all');
    expect(all.body.totalPartners).toBe(29);
  });
});
