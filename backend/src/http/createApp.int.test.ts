import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/app';

let app: TestApp;
const eventCount = async () =>
  Number((await app.deps.db('es_events').count<{ count: number }[]>('* as count'))[0].count);

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('HTTP core', () => {
  it('answers /api/health 200 when the database, Redis, the event store and migrations are fine', async () => {
    const res = await app.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: {
        database: { ok: true },
        redis: { ok: true },
        eventStore: { ok: true },
        migrations: { ok: true },
      },
    });
  });

  it('refuses unknown keys such as isAdmin with 400 and a field: message text, writing nothing (QUALITY 16)', async () => {
    const before = await eventCount();
    const res = await app
      .client()
      .post('/api/login', { email: 'a@b.co', password: 'secret1', isAdmin: true });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_input');
    expect(res.body.fields).toEqual({ isAdmin: 'is not allowed' });
    expect(res.body.message).toBe('isAdmin: is not allowed');
    expect(await eventCount()).toBe(before);
  });

  it('refuses a key named __proto__ like any unknown key (it was lost, and the request let through)', async () => {
    const before = await eventCount();
    const res = await app
      .client()
      .request('POST', '/api/login', '{"email":"a@b.co","password":"secret1","__proto__":false}');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_input');
    expect(Object.keys(res.body.fields)).toEqual(['__proto__']);
    expect(res.body.message).toBe('__proto__: is not allowed');
    expect(await eventCount()).toBe(before);
  });

  it('refuses wrong types with 400 naming each field', async () => {
    const res = await app.client().post('/api/login', { email: 42, password: ['x'] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['email', 'password']);
    expect(res.body.message).toMatch(/^email: .+; password: .+$/);
  });

  it('refuses a body that is not JSON with 415, and broken JSON with 400', async () => {
    const client = app.client();
    const form = await client.request('POST', '/api/login', 'email=a&password=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(form.body.error).toBe('unsupported_media_type');
    const broken = await client.request('POST', '/api/login', '{"email":', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ error: 'invalid_json', message: 'Request body is not valid JSON' });
  });

  it('answers unknown API paths with a JSON 404 and every answer carries a request id', async () => {
    const res = await app.client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('sends security headers: CSP with frame-ancestors none, nosniff, Referrer-Policy; no HSTS over plain http', async () => {
    const res = await app.client().get('/api/health');
    // an API answer is data: nothing may load from it or frame it
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // everything else (pages, files, /metrics) gets the pages' policy
    const page = await app.client().get('/metrics');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses cross-site state changes by Sec-Fetch-Site or a foreign Origin (QUALITY 18)', async () => {
    const client = app.client();
    const body = { email: 'a@b.co', password: 'secret1' };
    const crossSite = await client.post('/api/login', body, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error).toBe('cross_site_request');
    const foreign = await client.post('/api/login', body, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const sameOrigin = await client.post(
      '/api/login',
      { email: 'nobody@b.co', password: 'secret1' },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(sameOrigin.status).not.toBe(403);
  });

  it('keeps /metrics private: 401 without the token, Prometheus text with it (QUALITY 21)', async () => {
    const client = app.client();
    expect((await client.get('/metrics')).status).toBe(401);
    const wrong = await client.request('GET', '/metrics', undefined, { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    const ok = await client.request('GET', '/metrics', undefined, {
      authorization: `Bearer ${app.deps.config.METRICS_TOKEN}`,
    });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('http_request_duration_seconds_bucket');
    expect(ok.text).toContain('projection_lag_seconds');
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await app.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/login', '/api/me']),
    );
  });
});

describe('behind TLS (QUALITY 19)', () => {
  it('sends HSTS when cookies are Secure (served over HTTPS)', async () => {
    const secure = await startTestApp({ COOKIE_SECURE: '1', TRUSTED_PROXY_HOPS: '1' });
    try {
      const res = await secure.client().get('/api/health');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});

describe('health when a dependency is down', () => {
  it('answers 503 naming the failing check', async () => {
    const other = await startTestApp();
    try {
      other.deps.redis.disconnect();
      const res = await other.client().get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('unavailable');
      expect(res.body.checks.redis.ok).toBe(false);
      expect(res.body.checks.database.ok).toBe(true);
    } finally {
      await other.close();
    }
  });
});
