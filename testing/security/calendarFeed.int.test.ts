import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app';
import { createUser } from '../users';

/**
 * Issue 13 point 9: the personal calendar feed address can be replaced from Settings, ends with a
 * password change, and cannot be made from the session key alone.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const feedUrl = async (client: Awaited<ReturnType<typeof createUser>>['client']) => {
  const res = await client.get('/api/live-calls');
  expect(res.status).toBe(200);
  return res.body.calendarUrl as string;
};
/** Calendar apps fetch the feed without our cookie. */
const fetchFeed = (url: string) => app.client().get(url);

describe('calendar feed address', () => {
  it('a replaced address stops working at once; the new one works; the change is in the history', async () => {
    const user = await createUser(app);
    const old = await feedUrl(user.client);
    expect((await fetchFeed(old)).status).toBe(200);

    const rotated = await user.client.post('/api/live-calls/calendar-link', {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.calendarUrl).not.toBe(old);
    expect(await feedUrl(user.client)).toBe(rotated.body.calendarUrl);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(rotated.body.calendarUrl)).status).toBe(200);

    const types = (
      await app.deps
        .db('es_events')
        .where({ stream_id: `User-${user.id}` })
        .select('type')
    ).map((r: { type: string }) => r.type);
    expect(types).toContain('CalendarLinkRotated');
  });

  it('a password change ends the old address', async () => {
    const user = await createUser(app);
    const old = await feedUrl(user.client);
    const changed = await user.client.post('/api/change-password', {
      currentPassword: user.password,
      newPassword: 'Another-Passphrase-91',
    });
    expect(changed.status).toBe(200);
    expect((await fetchFeed(old)).status).toBe(404);
    const fresh = await feedUrl(user.client);
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(fresh)).status).toBe(200);
  });

  it('knowing the session key is not enough to make a working address', async () => {
    const user = await createUser(app);
    const [key] = app.deps.config.SESSION_KEYS;
    // the shape the feed used to have: an HMAC of the user id under the session key
    const forged = createHmac('sha256', key)
      .update(`live-calls-feed:${user.id}`)
      .digest('base64url')
      .slice(0, 32);
    const res = await fetchFeed(`/api/live-calls.ics?token=${encodeURIComponent(`${user.id}.${forged}`)}`);
    expect(res.status).toBe(404);
    expect((await fetchFeed(await feedUrl(user.client))).status).toBe(200);
  });
});
