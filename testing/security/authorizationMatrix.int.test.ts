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
 * gives the status of the hand-written table below. The routes come from the contracts, so a
 * route declared there without a row in the table fails here.
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

/** 'allowed' (ok) means the policy let the request through (any status but 401/403). */
type Want = 401 | 403 | 'allowed';
const ok = 'allowed' as const;

/**
 * The expected table, written by hand from the spec (8.2.1) and not computed from the policies
 * it checks: one row per route of contracts/src/routes.ts, one column per role, in the order
 *   anonymous, user, mustChange, locked, admin, codePending, adminNotEnrolled
 * (anon, user, must, lock, admn, code, no2f in the header).
 * A route added to the contracts without a row here fails the first test below.
 */
// prettier-ignore
const EXPECTED: Record<string, [Want, Want, Want, Want, Want, Want, Want]> = {
  //                                                anon user must lock admn code no2f
  'GET /api/health':                                [ ok,  ok,  ok,  ok,  ok,  ok,  ok],
  'GET /api/openapi.json':                          [ ok,  ok,  ok,  ok,  ok,  ok,  ok],
  'GET /api/me':                                    [401,  ok,  ok, 401,  ok,  ok,  ok],
  'GET /api/session':                               [ ok,  ok,  ok,  ok,  ok,  ok,  ok],
  'POST /api/login':                                [ ok,  ok,  ok,  ok,  ok,  ok,  ok],
  'POST /api/logout':                               [401,  ok,  ok, 401,  ok,  ok,  ok],
  'POST /api/register':                             [ ok,  ok,  ok,  ok,  ok,  ok,  ok],
  'POST /api/verify-passcode':                      [ ok,  ok,  ok,  ok,  ok,  ok,  ok],
  'GET /api/users/sponsors':                        [ ok,  ok,  ok,  ok,  ok,  ok,  ok],
  'POST /api/reset-required-password':              [401,  ok,  ok, 401,  ok, 403,  ok],
  'POST /api/change-password':                      [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/update-profile':                       [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/preferred-language':                   [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/password-reset/request':               [ ok,  ok,  ok,  ok,  ok,  ok,  ok],
  'POST /api/password-reset/complete':              [ ok,  ok,  ok,  ok,  ok,  ok,  ok],
  'GET /api/onboarding-progress':                   [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/complete-step':                        [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/update-onboarding-data':               [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/newsletter/subscribe':                 [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/newsletter/unsubscribe':               [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/check-newsletter-status':               [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/newsletter/sync-status':               [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/academy-tutorial':                      [401,  ok, 403, 401,  ok, 403, 403],
  'PATCH /api/academy-tutorial':                    [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/academy-tutorial/complete-tour':       [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/youtube-playlist':                      [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/google-drive-resources':                [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/google-drive-search':                   [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/testimonials':                          [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/live-calls':                            [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/live-calls/calendar-link':             [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/academy-links':                         [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/live-calls.ics':                        [ ok,  ok,  ok,  ok,  ok,  ok,  ok],
  'GET /api/partners':                              [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/partners/stats':                        [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/partners/details/:partnerId':           [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/admin/users':                           [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/export/users.csv':                [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/users/:id':                       [401, 403, 403, 401,  ok, 403, 403],
  'PUT /api/admin/users/:id':                       [401, 403, 403, 401,  ok, 403, 403],
  'DELETE /api/admin/users/:id':                    [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/users/:id/events':                [401, 403, 403, 401,  ok, 403, 403],
  'POST /api/admin/users/:id/reset-password':       [401, 403, 403, 401,  ok, 403, 403],
  'POST /api/admin/users/:id/reset-training':       [401, 403, 403, 401,  ok, 403, 403],
  'POST /api/admin/users/:id/admin-address':        [401, 403, 403, 401,  ok, 403, 403],
  'POST /api/admin/users-bulk':                     [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/audit':                           [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/audit/:id':                       [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/audit-event-types':               [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/sync-runs':                       [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/sync-runs/:id':                   [401, 403, 403, 401,  ok, 403, 403],
  'POST /api/admin/sync-runs':                      [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/sync-run-items':                  [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/performance-dashboard':           [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/realtime-sample':                 [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/users-paginated':                 [401, 403, 403, 401,  ok, 403, 403],
  'PUT /api/admin/user/:userId':                    [401, 403, 403, 401,  ok, 403, 403],
  'DELETE /api/admin/user/:userId':                 [401, 403, 403, 401,  ok, 403, 403],
  'POST /api/admin/reset-password':                 [401, 403, 403, 401,  ok, 403, 403],
  'POST /api/admin/reset-training':                 [401, 403, 403, 401,  ok, 403, 403],
  'POST /api/admin/sync-mailchimp':                 [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/system-metrics':                  [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/performance-history':             [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/testimonials':                    [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/testimonials/:id':                [401, 403, 403, 401,  ok, 403, 403],
  'POST /api/admin/testimonials':                   [401, 403, 403, 401,  ok, 403, 403],
  'PUT /api/admin/testimonials/:id':                [401, 403, 403, 401,  ok, 403, 403],
  'DELETE /api/admin/testimonials/:id':             [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/live-calls':                      [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/live-calls/:id':                  [401, 403, 403, 401,  ok, 403, 403],
  'PUT /api/admin/live-calls/:id':                  [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/academy-links/current':           [401, 403, 403, 401,  ok, 403, 403],
  'PUT /api/admin/academy-links/current':           [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/funnel':                          [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/export/funnel.csv':               [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/mail-outbox':                     [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/admin/mail-outbox/:id':                 [401, 403, 403, 401,  ok, 403, 403],
  'GET /api/partners/needs-attention':              [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/coaching/partners/:partnerId/nudge':   [401,  ok, 403, 401,  ok, 403, 403],
  'GET /api/coaching':                              [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/coaching/nudges':                      [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/coaching/call-reminders':              [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/second-factor/enrolment':              [401,  ok, 403, 401,  ok, 403,  ok],
  'POST /api/second-factor/enrolment/confirm':      [401,  ok, 403, 401,  ok, 403,  ok],
  'POST /api/second-factor/verify':                 [401,  ok,  ok, 401,  ok,  ok,  ok],
  'POST /api/second-factor/recover':                [401,  ok,  ok, 401,  ok,  ok,  ok],
  'POST /api/second-factor/disable':                [401,  ok, 403, 401,  ok, 403, 403],
  'POST /api/admin/users/:id/second-factor/reset':  [401, 403, 403, 401,  ok, 403, 403],
};

const expected = (route: RouteDef, role: Role): Want | undefined =>
  EXPECTED[`${route.method} ${route.path}`]?.[ROLES.indexOf(role)];

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
  it('has a row for every route of the contracts, and none for routes that do not exist', () => {
    const declared = Object.values(allRoutes).map((route) => `${route.method} ${route.path}`);
    expect(declared.filter((key) => !(key in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((key) => !declared.includes(key))).toEqual([]);
  });

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
        const want = expected(route, role);
        if (want === undefined) {
          failures.push(`${id} ${route.method} ${route.path}: no row in the expected table`);
          continue;
        }
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
