import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/app';
import { createUser, type CreatedUser } from '../../../testing/users';

/**
 * Issue 14 point 8: react-admin's list answers (a 200 with `Content-Range: users 0-49/N`) are
 * compressed like any other JSON answer, and keep their Content-Range.
 */
let app: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  app = await startTestApp();
  admin = await createUser(app, { admin: true, email: 'zip.admin@example.test' });
  for (let i = 0; i < 12; i++)
    await createUser(app, { email: `zip${i}@example.test`, firstName: `Zip${i}`, sponsorId: admin.id });
});
afterAll(() => app?.close());

describe('compression of list answers', () => {
  it('compresses a react-admin page as a browser asks for it and keeps its Content-Range', async () => {
    const query = `filter=${encodeURIComponent('{}')}&range=${encodeURIComponent('[0,49]')}&sort=${encodeURIComponent('["createdAt","DESC"]')}`;
    const page = await admin.client.request('GET', `/api/admin/users?${query}`, undefined, {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toMatch(/^users 0-\d+\/\d+$/);
    expect(page.text.length).toBeGreaterThan(1024);
    expect(page.headers.get('content-encoding')).toMatch(/^(gzip|br|zstd)$/);
    expect(page.body.length).toBeGreaterThan(10);
  });

  it('leaves a small answer and a client without gzip uncompressed', async () => {
    const range = encodeURIComponent(JSON.stringify([0, 9]));
    const plain = await admin.client.request('GET', `/api/admin/users?range=${range}`, undefined, {
      'accept-encoding': 'identity',
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-range')).toMatch(/^users 0-9\/\d+$/);
    const small = await admin.client.request('GET', '/api/me', undefined, { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
