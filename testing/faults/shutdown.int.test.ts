import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../db';
import { testEnv } from '../env';
import { spawnApi } from '../servers';

/** QUALITY 28: SIGTERM stops accepting, finishes in-flight requests, exits 0. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('graceful shutdown', () => {
  it('finishes a request that is in flight when SIGTERM arrives, refuses new ones, exits 0', async () => {
    const api = await spawnApi(testEnv(database.name));
    const url = new URL(api.url);
    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ passcode: 'TESTPASS' });
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(
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
      req.write(body.slice(0, 5));
      setTimeout(() => {
        api.proc.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(5)), 300);
      }, 200);
    });
    expect(await inFlight).toBe(200);
    expect(await api.exited).toBe(0);
    await expect(fetch(`${api.url}/api/health`)).rejects.toThrow();
  });
});
