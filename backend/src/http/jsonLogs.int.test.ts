import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../testing/db';
import { testEnv } from '../../../testing/env';
import { spawnApi, waitFor } from '../../../testing/servers';

/**
 * Issue 14, point 7: the API writes only JSON lines, each with its time, and every line written
 * while answering a request names the request. Clients that close the connection while the
 * answer is still streaming (an aborted page load) used to produce Koa's multi-line stack traces
 * (ERR_STREAM_PREMATURE_CLOSE, EPIPE) on stderr.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** Asks for a large compressed answer and hangs up as soon as its first bytes arrive. */
const abortedLoad = (url: string) =>
  new Promise<void>((resolve) => {
    const req = http.get(
      url,
      { headers: { 'accept-encoding': 'gzip', 'x-request-id': 'aborted-load-1' } },
      (res) =>
        res.once('data', () => {
          req.destroy();
          resolve();
        }),
    );
    req.on('error', () => resolve());
  });

describe('API logs', () => {
  it('are JSON lines with time and request id, also when clients hang up mid-answer', async () => {
    // the test stands where the trusted proxy would: its request ids are kept
    const api = await spawnApi(testEnv(database.name, { LOG_LEVEL: 'debug', TRUSTED_PROXY_HOPS: '1' }));
    try {
      for (let i = 0; i < 10; i++) await abortedLoad(`${api.url}/api/openapi.json`);
      const ok = await fetch(`${api.url}/api/health`, { headers: { 'x-request-id': 'plain-request-1' } });
      expect(ok.status).toBe(200);
      // The access line of the last request is the last thing the API writes for it.
      await waitFor(async () => api.stdout().includes('"plain-request-1"'), 10_000, 'the access log line');
    } finally {
      api.proc.kill('SIGTERM');
      await api.exited;
    }
    expect(api.stderr()).toBe('');
    const lines = api
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines) expect(typeof line.time).toBe('number');
    const aborted = lines.filter((l) => l.msg === 'client closed the connection early');
    for (const line of aborted) expect(line.requestId).toBe('aborted-load-1');
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => l.requestId)).toContain('plain-request-1');
    for (const line of requests) expect(line.requestId).toEqual(expect.any(String));
  });
});
