import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, type Access, type RouteDef } from '@portal/contracts';
import { handleCommand } from '../../backend/src/app/commandHandler';
import { userDecider, userStream } from '../../backend/src/domain/user/decider';
import { enforceAccess } from '../../backend/src/http/policy';
import { startTestApp, type TestApp, type TestClient } from '../app';
import { createUser } from '../users';

/**
 * QUALITY 14 / 8.2.1: every route × (anonymous, user, user who must change the password,
 * locked user, admin, a session that still owes its second factor, an admin without one)
 * gives the expected status. Generated from the contracts: a new route is
 * covered the moment it is declared, and a route without a known policy fails here.
 */
type Role = 'anonymous' | 'user' | 'mustChange' | 'locked' | 'admin' | 'codePending' | 'adminNotEnrolled';
const ROLES: Role[] = [
  'anonymous',
  'user',
  'mustChange',
  'locked',
  'admin',
  'codePending',
  'adminNotEnrolled',
];
const POLICIES: Access[] = ['public', 'signedIn', 'session', 'enrolment', 'user', 'admin'];

/** 'allowed' means the policy let the request through (any status but 401/403). */
function expected(access: Access, role: Role): 401 | 403 | 'allowed' {
  if (access === 'public') return 'allowed';
  if (role === 'anonymous' || role === 'locked') return 401;
  if (access === 'signedIn') return 'allowed';
  // the password alone (an enrolled account before its code) opens only 'signedIn' routes
  if (role === 'codePending') return 403;
  if (access === 'session') return 'allowed';
  if (role === 'mustChange') return 403;
  if (access === 'enrolment') return 'allowed';
  if (role === 'adminNotEnrolled') return 403;
  if (access === 'user') return 'allowed';
  return role === 'admin' ? 'allowed' : 403;
}

const POLICY_DENIALS = new Set([
  'unauthenticated',
  'forbidden',
  'password_change_required',
  'second_factor_required',
  'second_factor_enrolment_required',
  'no_policy',
]);

// Routes that end the caller's session are checked last for each role.
const SESSION_ENDING = new Set(['auth.logout']);

const concretePath = (route: RouteDef) => route.path.replace(/:(\w+)/g, () => randomUUID());

let app: TestApp;
const clients = {} as Record<Role, TestClient>;

beforeAll(async () => {
  app = await startTestApp();
  clients.anonymous = app.client();
  clients.user = (await createUser(app)).client;
  clients.admin = (await createUser(app, { admin: true })).client;
  clients.mustChange = (await createUser(app, { mustChangePassword: true })).client;
  clients.adminNotEnrolled = (await createUser(app, { admin: true, secondFactor: false })).client;
  const enrolled = await createUser(app, { secondFactor: true });
  clients.codePending = app.client();
  await clients.codePending.post('/api/login', { email: enrolled.email, password: enrolled.password });
  const locked = await createUser(app);
  const result = await handleCommand(
    app.deps.store,
    userStream(locked.id),
    userDecider,
    { type: 'SetLocked', locked: true },
    {
      actorId: null,
      correlationId: randomUUID(),
    },
  );
  if (result.position) await app.deps.projections.waitFor(result.position);
  clients.locked = locked.client;
});
afterAll(() => app.close());

describe('authorization matrix', () => {
  it('every route declares a known access policy', () => {
    for (const [id, route] of Object.entries(allRoutes)) {
      expect(POLICIES, `${id} has policy ${route.access}`).toContain(route.access);
    }
  });

  it('a route without a policy is refused', () => {
    const user = { isAdmin: true, isLocked: false, mustChangePassword: false, email: 'a@b.c' } as never;
    expect(() => enforceAccess(undefined as never, user, 'x@y.z')).toThrow(/no access policy/);
  });

  const ordered = Object.entries(allRoutes).sort(
    ([a], [b]) => Number(SESSION_ENDING.has(a)) - Number(SESSION_ENDING.has(b)),
  );
  for (const role of ROLES) {
    it(`gives the expected status for every route as ${role}`, async () => {
      const failures: string[] = [];
      for (const [id, route] of ordered) {
        const res = await clients[role].request(
          route.method,
          concretePath(route),
          route.method === 'GET' ? undefined : {},
        );
        const want = expected(route.access, role);
        // A policy denial carries one of these ids; other 403s (e.g. passcode_required) are business rules.
        const denied = POLICY_DENIALS.has(res.body?.error);
        const ok = want === 'allowed' ? !denied && res.status < 500 : res.status === want && denied;
        if (!ok)
          failures.push(
            `${id} ${route.method} ${route.path}: expected ${want}, got ${res.status} ${res.text.slice(0, 120)}`,
          );
      }
      expect(failures).toEqual([]);
    });
  }
});
