import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEvents } from '@portal/contracts';
import { startTestApp, type TestApp } from '../../../testing/app';
import { createUser } from '../../../testing/users';
import { sampleValue } from '../../../testing/prometheusText';

/** What the API's /metrics says, and that its numbers mean what their names say (issue 14, point 2). */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const scrape = async () => {
  const res = await app.client().request('GET', '/metrics', undefined, {
    authorization: `Bearer ${app.deps.config.METRICS_TOKEN}`,
  });
  expect(res.status).toBe(200);
  return res.text;
};

describe('API metrics', () => {
  it('starts the counters of known label sets at 0: every event type, 429/500/503 of every route', async () => {
    const text = await scrape();
    // (the start-up may already have recorded a few events, such as the bootstrap admin's)
    for (const event of allEvents)
      expect(sampleValue(text, 'events_appended_total', { type: event.type })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(text, 'events_appended_total', { type: 'UserDeleted' })).toBe(0);
    for (const status of ['429', '500', '503'])
      expect(sampleValue(text, 'http_requests_total', { method: 'POST', route: '/api/login', status })).toBe(
        0,
      );
  });

  it('counts each appended event by type in the store, but not an idempotent retry', async () => {
    const appended = async () =>
      sampleValue(await scrape(), 'events_appended_total', { type: 'UserRegistered' });
    const before = await appended();
    const user = await createUser(app);
    expect(await appended()).toBe(before! + 1);
    // The same event ids again: the store records nothing new.
    const stream = `User-${user.id}`;
    const events = await app.deps.store.readStream(stream);
    await app.deps.store.appendToStream(
      stream,
      events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })),
    );
    expect(await appended()).toBe(before! + 1);
  });

  it('leaves its own scrapes out of the HTTP figures', async () => {
    await scrape();
    await scrape();
    const text = await scrape();
    expect(text).not.toMatch(/^http_request(s_total|_duration_seconds_count)\{[^}]*route="static"/m);
    expect(text).not.toMatch(/^http_request(s_total|_duration_seconds_count)\{[^}]*route="\/metrics"/m);
  });

  it('labels broken JSON and a wrong method by the route they were sent to, not "unmatched"', async () => {
    const client = app.client();
    const broken = await client.request('POST', '/api/login', '{"email":', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    const wrongMethod = await client.request('PUT', '/api/health');
    expect(wrongMethod.status).toBe(405);
    const text = await scrape();
    expect(
      sampleValue(text, 'http_requests_total', { method: 'POST', route: '/api/login', status: '400' }),
    ).toBe(1);
    expect(
      sampleValue(text, 'http_requests_total', { method: 'PUT', route: '/api/health', status: '405' }),
    ).toBe(1);
    expect(
      sampleValue(text, 'http_request_duration_seconds_count', {
        method: 'PUT',
        route: '/api/health',
        status: '405',
      }),
    ).toBe(1);
    expect(text).not.toMatch(/route="unmatched"/);
  });

  it('exports queue depths and sessions, so they stay visible while no worker runs', async () => {
    const text = await scrape();
    expect(
      sampleValue(text, 'bullmq_queue_jobs', { state: 'waiting', service: 'api' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sampleValue(text, 'sessions_active', { service: 'api' })).toBeGreaterThanOrEqual(0);
  });
});
