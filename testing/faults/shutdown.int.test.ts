import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../db';
import { testEnv } from '../env';
import { spawnApi, waitFor } from '../servers';

/** QUALITY 28: SIGTERM stops accepting, finishes in-flight requests, exits 0. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('graceful shutdown', () => {
  it('finishes a request that is in flight when SIGTERM arrives, refuses new ones meanwhile, exits 0', async () => {
    const api = await spawnApi(testEnv(database.name, { LOG_LEVEL: 'info' }));
    const url = new URL(api.url);
    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ passcode: 'TESTPASS' });
    let req!: http.ClientRequest;
    const inFlight = new Promise<number>((resolve, reject) => {
      req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/verify-passcode',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });
    await new Promise<void>((resolve) => req.write(body.slice(0, 5), () => resolve()));
    api.proc.kill('SIGTERM');
    // 'draining' is logged in the same tick as the listener closes
    await waitFor(async () => api.stdout().includes('"msg":"draining"'), 30_000, 'the API to start draining');
    // while the request is still open, a new connection is refused
    await expect(fetch(`${api.url}/api/health`)).rejects.toThrow();
    expect(api.proc.exitCode).toBeNull();
    req.end(body.slice(5));
    expect(await inFlight).toBe(200);
    expect(await api.exited).toBe(0);
  });
});
