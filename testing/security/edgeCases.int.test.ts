import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../app';
import { createUser, type CreatedUser } from '../users';

/**
 * Issue 13 point 7: the inputs an attacker tries answer 400 (never 500) and change nothing,
 * and what is accepted is stored exactly as sent: NUL, lone surrogates and invalid UTF-8 in
 * bodies, queries and paths; out-of-range dates; names made only of invisible characters; an
 * Idempotency-Key reused with another body (422); pages past the end (correct totals).
 */
let app: TestApp;
let admin: CreatedUser;
let partner: CreatedUser;
const eventCount = async () =>
  Number((await app.deps.db('es_events').count<{ count: number }[]>('* as count'))[0].count);

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUser(app, { admin: true });
  partner = await createUser(app);
});
afterAll(() => app.close());

/** Sends raw bytes as a JSON body (fetch would re-encode a string). */
async function sendBytes(client: TestClient, method: string, path: string, bytes: Buffer) {
  const res = await fetch(app.url + path, {
    method,
    headers: { 'content-type': 'application/json', cookie: client.cookie ?? '' },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as { error: string; message: string } };
}

const profile = (firstName: string) => ({
  firstName,
  lastName: 'Edge',
  phoneNumber: null,
  smsOptIn: false,
});

async function expectRefused(res: Promise<{ status: number; body: { error?: string } }>, before: number) {
  const answer = await res;
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(await eventCount()).toBe(before);
}

describe('characters that cannot be stored as sent', () => {
  it('NUL and lone surrogates in a body field or key answer 400 and write nothing; what is accepted is stored exactly', async () => {
    const before = await eventCount();
    for (const bad of ['A\u0000B', 'A\ud800B', 'A\udfffB', '\ud83d']) {
      await expectRefused(partner.client.post('/api/update-profile', profile(bad)), before);
      await expectRefused(
        partner.client.post('/api/update-onboarding-data', { feelGreatLink: `https://x.test/${bad}` }),
        before,
      );
    }
    // as JSON escapes, the form a lone surrogate takes on the wire
    await expectRefused(
      partner.client.request(
        'POST',
        '/api/update-profile',
        '{"firstName":"A\\ud800","lastName":"B","phoneNumber":null,"smsOptIn":false}',
      ),
      before,
    );
    await expectRefused(
      partner.client.request('POST', '/api/update-profile', '{"firstName":"A","\\u0000":1}'),
      before,
    );
    // what is accepted is stored exactly as sent
    const u = await createUser(app);
    // astral letters, combining marks, a right-to-left name, U+FFFD itself, a bidi mark inside
    const names = ['𝕏avier', 'Zoë Zoe\u0308', 'محمد', 'A\ufffdB', 'Ann\u200fa'];
    for (const name of names) {
      const res = await u.client.post('/api/update-profile', profile(name));
      expect(res.status).toBe(200);
      expect(res.body.user.firstName).toBe(name);
      expect((await u.client.get('/api/me')).body.firstName).toBe(name);
    }
  });

  it('invalid UTF-8 in a body answers 400 invalid_encoding and writes nothing', async () => {
    const before = await eventCount();
    const json = Buffer.from(JSON.stringify(profile('Ana-XX')));
    const at = json.indexOf('XX');
    for (const bytes of [
      [0xff, 0xfe],
      [0xc3, 0x28],
      [0xed, 0xa0],
    ]) {
      const body = Buffer.from(json);
      body[at] = bytes[0];
      body[at + 1] = bytes[1];
      const res = await sendBytes(partner.client, 'POST', '/api/update-profile', body);
      expect([res.status, res.body.error]).toEqual([400, 'invalid_encoding']);
    }
    expect(await eventCount()).toBe(before);
  });

  it('NUL, lone surrogates and invalid UTF-8 in a query or a path answer 400', async () => {
    const filter = (q: string) => encodeURIComponent(JSON.stringify({ q }));
    const paths = [
      `/api/admin/users?filter=${filter('a\u0000')}`,
      '/api/admin/users?filter=%7B%22q%22%3A%22%ff%22%7D',
      '/api/admin/users?filter=%7B%22q%22%3A%22%ED%A0%80%22%7D',
      '/api/admin/users-paginated?search=%00',
      '/api/admin/users-paginated?search=%C3',
      `/api/admin/audit?filter=${filter('x\u0000')}`,
      '/api/partners?search=%00',
      '/api/admin/users/%00',
      '/api/admin/users/%ff',
      '/api/admin/users/%ED%A0%80',
      '/api/admin/users/abc%00def/events',
      '/api/partners/details/%00',
    ];
    for (const path of paths) {
      const client = path.startsWith('/api/admin') ? admin.client : partner.client;
      const res = await client.get(path);
      expect(res.status, `${path} ${res.text}`).toBe(400);
    }
  });
});

describe('values out of range', () => {
  it('audit dates outside what the database can hold, or not dates at all, answer 400', async () => {
    for (const date of [
      '-271821-04-20T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '-004714-01-01',
      '99999-01-01',
      '2026-02-30',
      '2026-13-01',
      'Tue 1 2 3',
      '1e10',
    ]) {
      for (const key of ['from', 'to']) {
        const filter = encodeURIComponent(JSON.stringify({ [key]: date }));
        const res = await admin.client.get(`/api/admin/audit?filter=${filter}`);
        expect([res.status, key, date]).toEqual([400, key, date]);
      }
    }
    const ok = encodeURIComponent(JSON.stringify({ from: '2020-01-01', to: '2099-12-31T23:59:59Z' }));
    expect((await admin.client.get(`/api/admin/audit?filter=${ok}`)).status).toBe(200);
  });

  it('names made only of zero-width or bidirectional-control characters are refused everywhere a name is set', async () => {
    const before = await eventCount();
    const invisible = [
      '\u200b',
      '\u200b\u200c\u200d',
      '\u202e\u202c',
      '\u2066\u2069\ufeff',
      '\u200e \u200f',
      '\u2060\u061c',
    ];
    for (const name of invisible) {
      await expectRefused(partner.client.post('/api/update-profile', profile(name)), before);
      await expectRefused(
        admin.client.request('PUT', `/api/admin/users/${partner.id}`, { lastName: name }),
        before,
      );
    }
    const sponsor = partner;
    const client = app.client();
    await client.post('/api/verify-passcode', { passcode: 'TESTPASS' });
    const res = await client.post('/api/register', {
      firstName: '\u200b\u200b',
      lastName: 'Visible',
      email: `invisible-${randomUUID().slice(0, 8)}@example.test`,
      password: 'Edge-Case-Pass-1',
      sponsorId: sponsor.id,
      newsletter: false,
    });
    expect([res.status, Object.keys(res.body.fields ?? {})]).toEqual([400, ['firstName']]);
  });
});

describe('Idempotency-Key', () => {
  it('the same key with the same body replays; with a different body it answers 422 and changes nothing', async () => {
    const u = await createUser(app);
    const key = randomUUID();
    const send = (name: string, k: string = key) =>
      u.client.request('POST', '/api/update-profile', profile(name), { 'idempotency-key': k });
    expect((await send('First')).status).toBe(200);
    const before = await eventCount();
    expect((await send('First')).status).toBe(200);
    const reused = await send('Second');
    expect([reused.status, reused.body.error]).toEqual([422, 'idempotency_key_reused']);
    expect(await eventCount()).toBe(before);
    expect((await u.client.get('/api/me')).body.firstName).toBe('First');
    // another user's identical key is theirs alone
    const other = await createUser(app);
    expect(
      (
        await other.client.request('POST', '/api/update-profile', profile('Other'), {
          'idempotency-key': key,
        })
      ).status,
    ).toBe(200);
    // a fresh key works, an unusable key is refused
    expect((await send('Second', randomUUID())).status).toBe(200);
    expect((await send('Third', 'x'.repeat(300))).status).toBe(400);
  });
});

describe('paging past the end', () => {
  it('answers an empty page with the true total on every paged list', async () => {
    const users = await app.deps.db('users').count<{ count: number }[]>('* as count');
    const total = Number(users[0].count);
    const list = await admin.client.get('/api/admin/users?range=%5B100000%2C100049%5D');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect(list.headers.get('content-range')).toBe(`users */${total}`);

    const paged = await admin.client.get('/api/admin/users-paginated?page=100000&limit=50');
    expect([paged.status, paged.body.users, paged.body.total]).toEqual([200, [], total]);

    const audit = await admin.client.get('/api/admin/audit?range=%5B1000000%2C1000049%5D');
    expect(audit.status).toBe(200);
    expect(audit.body).toEqual([]);
    const auditTotal = Number(
      (await app.deps.db('audit_log').count<{ count: number }[]>('* as count'))[0].count,
    );
    expect(Number(audit.headers.get('content-range')?.split('/')[1])).toBe(auditTotal);
    expect(audit.headers.get('content-range')).toMatch(/^audit \*\//);

    const sponsor = await createUser(app);
    await createUser(app, { sponsorId: sponsor.id });
    const partners = await sponsor.client.get('/api/partners?page=1000&pageSize=10');
    expect([partners.status, partners.body.items, partners.body.total]).toEqual([200, [], 1]);
  });
});
