import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../app';
import { createTestDatabase } from '../db';
import { TEST_ADMIN_URL, stampedName, testEnv } from '../env';
import { spawnApi, spawnWorker } from '../servers';
import { entries, experience, why } from '../fixtures/onboarding';

/**
 * What `make start` does, then at once what a new partner does: seeded demo data, an API (or
 * two) and a worker started together, racing for the projections' leader locks; the moment the
 * API answers, a registration, a sign-in and the five foundation steps must all answer 2xx,
 * whoever won the locks. Every other start the worker is up first (so it surely leads every
 * projection); the others start all processes at once. STARTUP_RACE_STARTS sets how many fresh
 * starts (20 by default).
 */
const STARTS = Number(process.env.STARTUP_RACE_STARTS ?? 20);

let seeded: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  seeded = await createTestDatabase();
  const seed = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), 'backend/src/cli/seed.ts'],
    {
      env: { PATH: process.env.PATH, ...testEnv(seeded.name) },
      encoding: 'utf8',
    },
  );
  expect(seed.status, seed.stderr.slice(-2000)).toBe(0);
});
afterAll(async () => {
  await seeded?.drop();
});

/** A fresh copy of the seeded database, as after `make start`'s migrate and seed. */
async function freshCopy() {
  const name = stampedName('test');
  const admin = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}" template "${seeded.name}"`);
  await admin.end();
  return {
    name,
    async drop() {
      const c = new pg.Client({ connectionString: TEST_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** The new partner's first minute, spread over the APIs in turn; every status in order. */
async function firstMinute(urls: string[]) {
  const statuses: string[] = [];
  let turn = 0;
  const jar = createClient('http://unused');
  const call = async (method: string, path: string, body?: unknown) => {
    const client = createClient(urls[turn++ % urls.length]);
    client.cookie = jar.cookie;
    const res = await client.request(method, path, body);
    jar.cookie = client.cookie;
    statuses.push(`${method} ${path} ${res.status}`);
    return res;
  };
  await call('POST', '/api/verify-passcode', { passcode: 'TESTPASS' });
  const sponsors = await call('GET', '/api/users/sponsors');
  const email = `newcomer-${Date.now()}@example.test`;
  await call('POST', '/api/register', {
    firstName: 'New',
    lastName: 'Comer',
    email,
    password: 'secret-pass',
    sponsorId: sponsors.body.sponsors?.[0]?.id,
  });
  await call('POST', '/api/logout');
  await call('POST', '/api/login', { email, password: 'secret-pass' });
  await call('GET', '/api/onboarding-progress');
  await call('POST', '/api/newsletter/subscribe', { email, firstName: 'New', lastName: 'Comer' });
  await call('POST', '/api/complete-step', { step: 1 });
  await call('POST', '/api/complete-step', { step: 2, data: { feelGreatLink: 'ufeelgreat.com/c/newcomer' } });
  await call('POST', '/api/update-onboarding-data', {
    customerList: entries('c', 5),
    partnerList: entries('p', 5),
  });
  await call('POST', '/api/complete-step', { step: 3 });
  await call('POST', '/api/complete-step', { step: 4, data: experience });
  await call('POST', '/api/complete-step', { step: 5, data: why });
  const progress = await call('GET', '/api/onboarding-progress');
  return { statuses, progress: progress.body.progress };
}

describe('make start, then a new partner at once (whoever leads the projections)', () => {
  for (const apis of [1, 2]) {
    it(`${apis} API process(es) and a worker (worker first, or all at once): ${STARTS} fresh starts, every answer 2xx`, async () => {
      for (let start = 0; start < STARTS; start++) {
        const db = await freshCopy();
        const env = testEnv(db.name);
        const workerFirst = start % 2 === 0 ? [await spawnWorker(env)] : [];
        const processes = [
          ...workerFirst,
          ...(await Promise.all([
            ...Array.from({ length: apis }, () => spawnApi(env)),
            ...(workerFirst.length ? [] : [spawnWorker(env)]),
          ])),
        ];
        try {
          const urls = processes.flatMap((p) => ('url' in p ? [p.url] : []));
          const { statuses, progress } = await firstMinute(urls);
          expect(
            statuses.filter((s) => !/ 2\d\d$/.test(s)),
            `start ${start + 1}`,
          ).toEqual([]);
          expect(progress).toMatchObject({
            step1Completed: true,
            step2Completed: true,
            step3Completed: true,
            step4Completed: true,
            step5Completed: true,
          });
        } finally {
          for (const p of processes) p.proc.kill('SIGKILL');
          await Promise.all(processes.map((p) => p.exited));
          await db.drop();
        }
      }
    }, 600_000);
  }
});
