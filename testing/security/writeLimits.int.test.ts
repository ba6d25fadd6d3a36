import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from '@portal/contracts';
import { startTestApp, type TestApp } from '../app';
import { createUser } from '../users';
import { clearLimits } from '../auth';

/**
 * QUALITY 36 (issue 13 point 6): writes are rate-limited per user; every text and list a request
 * can carry has a bound stated in the contracts; an oversized body answers 413 with a clear
 * message. The app here allows 5 writes a minute and 64 KB of request bodies a day per user.
 */
let app: TestApp;
const eventCount = async () =>
  Number((await app.deps.db('es_events').count<{ count: number }[]>('* as count'))[0].count);

beforeAll(async () => {
  app = await startTestApp({ WRITES_PER_MINUTE: '5', WRITE_BYTES_PER_DAY: String(64 * 1024) });
});
afterAll(() => app.close());

const profile = (firstName: string) => ({
  firstName,
  lastName: 'Writer',
  phoneNumber: null,
  smsOptIn: false,
});

describe('QUALITY 36: abuse limits on writes', () => {
  it('a user past their writes a minute gets 429 too_many_writes, changes nothing, and others are not affected', async () => {
    await clearLimits(app);
    const u = await createUser(app);
    const other = await createUser(app);
    for (let i = 1; i <= 5; i++)
      expect((await u.client.post('/api/update-profile', profile(`Name ${i}`))).status).toBe(200);
    const before = await eventCount();
    const refused = await u.client.post('/api/update-profile', profile('Name 6'));
    expect([refused.status, refused.body.error]).toEqual([429, 'too_many_writes']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/too often/);
    expect(await eventCount()).toBe(before);
    // the refused request spent none of the day's bytes (both limits are spent at once)
    const bytesKey = `${app.deps.config.REDIS_PREFIX}rl:write-bytes-user:${u.id}`;
    const spent = Number(await app.deps.redis.get(bytesKey));
    const sent = Buffer.byteLength(JSON.stringify(profile('Name 6')));
    expect((await u.client.post('/api/update-profile', profile('Name 6'))).status).toBe(429);
    expect(Number(await app.deps.redis.get(bytesKey))).toBe(spent);
    expect(spent).toBeGreaterThanOrEqual(5 * sent);
    // reads still work, and another user still writes
    expect((await u.client.get('/api/me')).body.firstName).toBe('Name 5');
    expect((await other.client.post('/api/update-profile', profile('Other'))).status).toBe(200);
  });

  it('request bodies a user may send a day are bounded', async () => {
    await clearLimits(app);
    const u = await createUser(app);
    // three saves of a ~24 KB list: the third passes 64 KB of the day
    const list = Array.from({ length: 45 }, (_, i) => ({
      id: `e-${i}`,
      name: `Person ${i}`,
      note: 'n'.repeat(480),
    }));
    const save = () => u.client.post('/api/update-onboarding-data', { customerList: list });
    expect((await save()).status).toBe(200);
    expect((await save()).status).toBe(200);
    const before = await eventCount();
    const third = await save();
    expect([third.status, third.body.error]).toEqual([429, 'too_many_writes']);
    expect(await eventCount()).toBe(before);
  });

  it('an oversized body answers 413 payload_too_large with a clear message, announced or not', async () => {
    await clearLimits(app);
    const u = await createUser(app);
    const big = JSON.stringify({ ...profile('Big'), lastName: 'x'.repeat(300 * 1024) });
    const announced = await u.client.request('POST', '/api/update-profile', big);
    expect([announced.status, announced.body.error]).toEqual([413, 'payload_too_large']);
    expect(announced.body.message).toMatch(/too large: at most 256 KB/);
    // streamed without a length (chunked): refused once the limit is passed
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(10 * 1024)));
        controller.enqueue(new TextEncoder().encode(JSON.stringify(profile('Streamed'))));
        controller.close();
      },
    });
    const streamed = await fetch(`${app.url}/api/update-profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: u.client.cookie! },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { error: string }).error).toBe('payload_too_large');
  });

  it('every text and list a request can carry has a bound stated in the contracts', () => {
    const unbounded: string[] = [];
    const walk = (s: unknown, path: string) => {
      if (!s || typeof s !== 'object') return;
      const node = s as Record<string, unknown>;
      // a uuid's format fixes its length
      const fixed = node.enum !== undefined || node.const !== undefined || node.format === 'uuid';
      if (node.type === 'string' && node.maxLength === undefined && !fixed)
        unbounded.push(`${path}: text without maxLength`);
      if (node.type === 'array' && node.maxItems === undefined && !node.prefixItems)
        unbounded.push(`${path}: list without maxItems`);
      for (const [k, v] of Object.entries(node)) {
        if (k === 'properties')
          for (const [p, ps] of Object.entries(v as Record<string, unknown>)) walk(ps, `${path}.${p}`);
        else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${k}[${i}]`));
        else if (typeof v === 'object') walk(v, `${path}/${k}`);
      }
    };
    for (const [id, route] of Object.entries(allRoutes)) {
      for (const part of ['body', 'query', 'params'] as const) {
        const schema = route[part];
        if (schema) walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), `${id}.${part}`);
      }
    }
    expect(unbounded.join('\n')).toBe('');
  });
});
