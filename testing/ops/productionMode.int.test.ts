import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../backend/src/features/auth/accounts';
import { startTestApp, type TestApp } from '../app';
import { productionSecrets } from '../env';

/**
 * Issue 14 point 4: production mode behind a TLS proxy. Secure cookies travel when the trusted
 * proxy says the request came over HTTPS; a request that bypasses the proxy gets a clear 400,
 * never a 500. (A production start without a trusted proxy is refused: config.unit.test.ts.)
 */
let app: TestApp;
const email = `prod-${Date.now()}@example.test`;
const password = 'Quiet-Harbor-Lantern-52';
/** what the TLS proxy in front adds */
const proxy = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

beforeAll(async () => {
  app = await startTestApp({ NODE_ENV: 'production', ...productionSecrets() });
  // (testing/users signs in over plain HTTP, which production refuses: the account is made here)
  const created = await createAccount(
    app.deps,
    {
      firstName: 'Pia',
      lastName: 'Production',
      email,
      passwordHash: await app.deps.passwords.hash(password),
      sponsorId: null,
      newsletter: false,
      isAdmin: false,
      mustChangePassword: false,
      source: 'seed',
    },
    { actorId: null, correlationId: 'production-mode-test' },
  );
  if (created.position) await app.deps.projections.waitFor(created.position);
});
afterAll(() => app?.close());

describe('production mode behind a TLS proxy', () => {
  it('signs in through the proxy with a Secure, HttpOnly session cookie and keeps the session', async () => {
    const client = app.client();
    const res = await client.post('/api/login', { email, password }, proxy);
    expect(res.status, res.text).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/;\s*httponly/i);
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    const me = await client.request('GET', '/api/me', undefined, {
      ...proxy,
      'x-request-id': 'proxy-id-000123',
    });
    expect(me.status).toBe(200);
    // through the trusted proxy, the proxy's request id is the correlation id
    expect(me.headers.get('x-request-id')).toBe('proxy-id-000123');
    expect(me.body.email).toBe(email);
  });

  it('a sign-in that bypasses the proxy (plain HTTP) gets a clear 400, not a 500', async () => {
    const res = await app.client().post('/api/login', { email, password });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'https_required',
      message: 'This portal must be reached over HTTPS.',
    });
  });
});
