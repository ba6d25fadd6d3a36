import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@portal/contracts';
import { passcodeClient } from '../auth';
import { startTestApp, type TestApp } from '../app';
import { entries, experience } from '../fixtures/onboarding';
import { createUser } from '../users';

/**
 * QUALITY 16 (ASVS 8.2.3, 15.3.3): no mass assignment. The fields that only an admin or the
 * server may set cannot be sent through any endpoint a partner can call: no such body declares
 * them (registration's sponsorId excepted: QUALITY 6 checks it is a real sponsor), every object
 * of those bodies refuses keys it does not name, and a valid call with one of them added is
 * refused with 400 and changes nothing, while the same call without it succeeds.
 */
const PRIVILEGED = {
  isAdmin: true,
  isLocked: false,
  sponsorId: '00000000-0000-4000-8000-000000000009',
  passwordHash: '$2b$04$abcdefghijklmnopqrstuuH1q0c8ZVtOeFtd6K3CiQIjhjMW1HyD2',
  mustChangePassword: false,
  userId: '00000000-0000-4000-8000-000000000009',
  role: 'admin',
};
/** Keys a route may declare for its own purpose. */
const DECLARED_ON_PURPOSE: Record<string, string[]> = { 'auth.register': ['sponsorId'] };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const eventCount = async () => Number((await app.deps.db('es_events').count<{ n: number }[]>('* as n'))[0].n);

/** Every object schema in a JSON schema, with its path. */
function objects(node: unknown, path: string, out: [string, Record<string, unknown>][] = []) {
  if (!node || typeof node !== 'object') return out;
  const n = node as Record<string, unknown>;
  if (n.type === 'object') out.push([path, n]);
  for (const [k, v] of Object.entries(n)) {
    if (k === 'properties')
      for (const [p, ps] of Object.entries(v as Record<string, unknown>)) objects(ps, `${path}.${p}`, out);
    else if (Array.isArray(v)) v.forEach((x, i) => objects(x, `${path}/${k}[${i}]`, out));
    else if (typeof v === 'object') objects(v, `${path}/${k}`, out);
  }
  return out;
}

describe('QUALITY 16: no mass assignment through a partner endpoint', () => {
  it('no body a non-admin may send declares a privileged field, and every object in it refuses unknown keys', () => {
    const problems: string[] = [];
    const routes = Object.entries(allRoutes).filter(([, r]) => r.body && r.access !== 'admin');
    expect(routes.length).toBeGreaterThan(10);
    for (const [id, route] of routes) {
      const schema = z.toJSONSchema(route.body!, { io: 'input', unrepresentable: 'any' });
      for (const [path, object] of objects(schema, id)) {
        if (object.additionalProperties !== false) problems.push(`${path}: unknown keys are not refused`);
        const declared = Object.keys((object.properties as Record<string, unknown>) ?? {});
        for (const key of Object.keys(PRIVILEGED))
          if (declared.includes(key) && !(path === id && DECLARED_ON_PURPOSE[id]?.includes(key)))
            problems.push(`${path}: declares ${key}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a valid partner call with a privileged field added answers 400 naming it and changes nothing', async () => {
    const sponsor = await createUser(app);
    const partner = await createUser(app, { sponsorId: sponsor.id });
    const calls: { path: string; method?: string; body: Record<string, unknown>; keys?: string[] }[] = [
      {
        path: '/api/update-profile',
        body: { firstName: 'Pat', lastName: 'Partner', phoneNumber: null, smsOptIn: false },
      },
      { path: '/api/preferred-language', body: { language: 'es' } },
      { path: '/api/complete-step', body: { step: 2, data: { feelGreatLink: 'ufeelgreat.com/c/mass' } } },
      { path: '/api/complete-step', body: { step: 4, data: experience } },
      { path: '/api/update-onboarding-data', body: { customerList: entries('c', 2), partnerList: [] } },
      { path: '/api/academy-tutorial', method: 'PATCH', body: { skipTutorial: true, academyTourSeen: true } },
      { path: '/api/coaching/call-reminders', body: { enabled: true } },
    ];
    const send = (method: string, path: string, body: unknown) => partner.client.request(method, path, body);
    for (const { path, method = 'POST', body } of calls) {
      for (const [key, value] of Object.entries(PRIVILEGED)) {
        const before = await eventCount();
        const res = await send(method, path, { ...body, [key]: value });
        expect([path, key, res.status]).toEqual([path, key, 400]);
        expect(res.body.fields?.[key], `${path} ${key}: ${res.text}`).toBe('is not allowed');
        expect(await eventCount()).toBe(before);
      }
      // the same call without the extra field is valid: the field alone was refused
      expect([path, (await send(method, path, body)).status]).toEqual([path, 200]);
    }
    const row = await app.deps.db('users').where({ id: partner.id }).first();
    expect(row).toMatchObject({ is_admin: false, is_locked: false, sponsor_id: sponsor.id });
    expect(await partner.client.get('/api/me')).toMatchObject({
      status: 200,
      body: { isAdmin: false, mustChangePassword: false },
    });

    // registration names its sponsor, but nothing else a partner may not choose
    for (const key of Object.keys(PRIVILEGED).filter((k) => k !== 'sponsorId')) {
      const res = await (
        await passcodeClient(app)
      ).post('/api/register', {
        firstName: 'Mass',
        lastName: 'Assignment',
        email: `mass-${key.toLowerCase()}@example.test`,
        password: 'secret-mass-1',
        sponsorId: sponsor.id,
        newsletter: false,
        [key]: PRIVILEGED[key as keyof typeof PRIVILEGED],
      });
      expect([key, res.status, res.body.fields?.[key]]).toEqual([key, 400, 'is not allowed']);
    }
    expect(await app.deps.db('users').where('email_lower', 'like', 'mass-%')).toEqual([]);
  });
});
