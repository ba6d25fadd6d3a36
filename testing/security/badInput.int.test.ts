import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, type RouteDef } from '@portal/contracts';
import { startTestApp, type TestApp, type TestClient } from '../app';
import { createUser } from '../users';

/**
 * QUALITY 17: generated bad input against every endpoint never gives a 5xx and never writes
 * anything. Requests are sent by an admin, so they get past every access check and reach
 * validation and the handlers.
 */
let app: TestApp;
let admin: TestClient;
const eventCount = async () =>
  Number((await app.deps.db('es_events').count<{ count: number }[]>('* as count'))[0].count);

beforeAll(async () => {
  app = await startTestApp();
  admin = (await createUser(app, { admin: true })).client;
});
afterAll(() => app.close());

// Values that break schemas: wrong types, huge strings, odd unicode, prototype keys, nesting.
const nasty = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 30 }),
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '𝕏'.repeat(40),
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '../../etc/passwd',
    '1e309',
    '-1',
    'NaN',
  ),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string(), { maxKeys: 4 }),
);
const badBody = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'isAdmin',
      'email',
      'password',
      'step',
      'data',
      'userId',
      'x',
    ),
    nasty,
    { maxKeys: 6 },
  ),
  fc.jsonValue({ maxDepth: 3 }),
  nasty,
);
const badQueryValue = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom('-1', '0', '1e9', '[]', '{"a":1}', 'null', '%00', 'desc;drop'),
);

const SKIP = new Set(['auth.logout']); // ends the admin's session; covered by the auth tests

describe('generated bad input', () => {
  const routes = Object.entries(allRoutes).filter(
    ([id, r]) => !SKIP.has(id) && (r.body || r.query || r.params),
  );
  for (const [id, route] of routes) {
    it(`${id}: never a 5xx, nothing written on refusal`, async () => {
      await fc.assert(
        fc.asyncProperty(
          badBody,
          fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), badQueryValue, { maxKeys: 4 }),
          fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
          async (body, query, param) => {
            const path = (route as RouteDef).path.replace(/:(\w+)/g, () =>
              encodeURIComponent(param || randomUUID()),
            );
            const qs = new URLSearchParams(query as Record<string, string>).toString();
            const before = await eventCount();
            const res = await admin.request(
              route.method,
              qs ? `${path}?${qs}` : path,
              route.method === 'GET' ? undefined : JSON.stringify(body),
            );
            expect(
              res.status,
              `${route.method} ${path} → ${res.status} ${res.text.slice(0, 200)}`,
            ).toBeLessThan(500);
            if (res.status >= 400) expect(await eventCount()).toBe(before);
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});
