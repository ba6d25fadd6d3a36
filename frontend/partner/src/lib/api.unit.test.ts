import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, authRedirect, fillPath, rawRequest, request, withQuery } from './api';
import { completedSteps, foundationComplete, homeFor } from './progress';

const answer = (status: number, body: string, statusText = '') =>
  new Response(body || null, { status, statusText, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const go = vi.fn<(url: string) => void>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    authRedirect.go = go;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    go.mockReset();
  });

  it('sends JSON with the session cookies and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(answer(200, '{"user":{"id":"u1"}}'));
    const r = await request<never>(
      { method: 'POST', path: '/api/login' },
      { body: { email: 'a@b.co' } as never },
    );
    expect(r).toEqual({ user: { id: 'u1' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('raises `${status}: ${body text}` and keeps the parsed error body', async () => {
    fetchMock.mockResolvedValue(
      answer(400, '{"error":"validation","message":"email: Invalid email address"}'),
    );
    const e = await rawRequest('POST', '/api/register', { body: {} }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).message).toBe(
      '400: {"error":"validation","message":"email: Invalid email address"}',
    );
    expect((e as ApiError).serverMessage).toBe('email: Invalid email address');
    expect((e as ApiError).code).toBe('validation');
  });

  it('uses the status text when the body is empty', async () => {
    fetchMock.mockResolvedValue(answer(503, '', 'Service Unavailable'));
    await expect(rawRequest('GET', '/api/me')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends the browser to /login on a 401, except for a login attempt', async () => {
    fetchMock.mockResolvedValue(answer(401, '{"error":"unauthenticated","message":"Sign in"}'));
    await expect(rawRequest('GET', '/api/partners')).rejects.toBeInstanceOf(ApiError);
    expect(go).toHaveBeenCalledWith('/login');
    go.mockReset();
    fetchMock.mockResolvedValue(
      answer(401, '{"error":"invalid_credentials","message":"Invalid email or password"}'),
    );
    await expect(rawRequest('POST', '/api/login', { body: {}, loginAttempt: true })).rejects.toThrow('401: ');
    expect(go).not.toHaveBeenCalled();
  });

  it('answers null on a 401 when asked to', async () => {
    fetchMock.mockResolvedValue(answer(401, ''));
    await expect(rawRequest('GET', '/api/me', { on401: 'returnNull' })).resolves.toBeNull();
    expect(go).not.toHaveBeenCalled();
  });

  it('fills path parameters and query strings', () => {
    expect(fillPath('/api/partners/details/:partnerId', { partnerId: 'a b' })).toBe(
      '/api/partners/details/a%20b',
    );
    expect(fillPath('/api/admin/user/{userId}', { userId: 7 })).toBe('/api/admin/user/7');
    expect(() => fillPath('/api/x/:id', {})).toThrow(/Missing path parameter id/);
    expect(withQuery('/api/x', { page: 2, q: 'a&b', skip: undefined })).toBe('/api/x?page=2&q=a%26b');
  });
});

describe('progress helpers', () => {
  it("treats 't' and 'true' as true", () => {
    expect(
      completedSteps({
        step1Completed: 't',
        step2Completed: 'true',
        step3Completed: true,
        step4Completed: 'f',
      }),
    ).toBe(3);
  });
  it('sends finished partners to /academy, everyone else (and missing data) to /foundation', () => {
    const all = {
      step1Completed: true,
      step2Completed: 't',
      step3Completed: true,
      step4Completed: true,
      step5Completed: 'true',
    } as const;
    expect(homeFor(all)).toBe('/academy');
    expect(homeFor({ trainingCompleted: 't' })).toBe('/academy');
    expect(homeFor({ ...all, step5Completed: false })).toBe('/foundation');
    expect(homeFor(null)).toBe('/foundation');
    expect(foundationComplete(undefined)).toBe(false);
  });
});
