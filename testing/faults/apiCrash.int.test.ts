import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../app';
import { createTestDatabase } from '../db';
import { testEnv } from '../env';
import { spawnApi } from '../servers';
import { createDb, type Db } from '../../backend/src/infra/db';
import { enrolThroughApi, passSecondFactor, type TestSecondFactor } from '../users';

/**
 * QUALITY 25 at the HTTP level: the API process is killed (SIGKILL) in the middle of a stream
 * of commands and started again. Every acknowledged command is in the event store and in the
 * read models exactly once.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url });
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('API killed during a stream of commands', () => {
  it('keeps every acknowledged command exactly once in the event store and the read models', async () => {
    const env = testEnv(database.name);
    const acked: string[] = [];
    let api = await spawnApi(env);
    let secondFactor: TestSecondFactor | undefined;
    const signIn = async (url: string) => {
      const client = createClient(url);
      expect(
        (await client.post('/api/login', { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })).status,
      ).toBe(200);
      // the bootstrap admin first replaces its temporary password
      if ((await client.get('/api/me')).body.mustChangePassword) {
        expect(
          (await client.post('/api/reset-required-password', { newPassword: 'Crash-Test-2026' })).status,
        ).toBe(200);
        env.ADMIN_PASSWORD = 'Crash-Test-2026';
      }
      // then sets up its second factor once, and passes it at every later sign-in (issue 13)
      const pending = (await client.get('/api/me')).body.secondFactor?.pending;
      if (pending === 'enrol') secondFactor = await enrolThroughApi(client);
      else if (pending === 'verify') await passSecondFactor(client, secondFactor!);
      return client;
    };
    let n = 0;
    const stream = async (url: string, until: () => boolean) => {
      const client = await signIn(url);
      const loops = Array.from({ length: 4 }, async () => {
        while (!until()) {
          const code = `CRASH${n++}`;
          const res = await client
            .post('/api/complete-step', { step: 2, data: { feelGreatLink: `ufeelgreat.com/c/${code}` } })
            .catch(() => null);
          if (res?.status === 200) acked.push(code);
        }
      });
      await Promise.all(loops);
    };

    // Kill the API (no cleanup at all) once it has acknowledged some commands, twice.
    for (const killAt of [15, 40]) {
      let killed = false;
      const running = stream(api.url, () => killed);
      while (acked.length < killAt) await new Promise((r) => setTimeout(r, 10));
      api.proc.kill('SIGKILL');
      killed = true;
      await api.exited;
      await running;
      api = await spawnApi(env);
    }
    // After the restart, one more acknowledged command, read back through the API.
    const client = await signIn(api.url);
    const last = await client.post('/api/complete-step', {
      step: 2,
      data: { feelGreatLink: 'ufeelgreat.com/c/FINAL' },
    });
    expect(last.status).toBe(200);
    expect(last.body.progress.feelGreatLink).toBe('https://ufeelgreat.com/c/FINAL');
    api.proc.kill('SIGTERM');
    await api.exited;

    const links = (await db('es_events').where({ type: 'ReferralLinkSaved' }).select('data', 'event_id')).map(
      (r) => ({
        code: String(r.data.feelGreatLink).split('/c/')[1],
        id: r.event_id as string,
      }),
    );
    const audit = await db('audit_log').where({ event_type: 'ReferralLinkSaved' }).select('event_id');
    expect(acked.length).toBeGreaterThanOrEqual(40);
    for (const code of acked) {
      // in the event store exactly once...
      const events = links.filter((l) => l.code === code);
      expect(events, code).toHaveLength(1);
      // ...and in the read model exactly once
      expect(
        audit.filter((a) => a.event_id === events[0].id),
        code,
      ).toHaveLength(1);
    }
    const checkpointRows = await db('audit_log')
      .count<{ n: number }[]>('* as n')
      .groupBy('event_id')
      .having(db.raw('count(*) > 1'));
    expect(checkpointRows).toEqual([]);
  }, 120_000); // a loaded machine needs more than the default minute for the three API starts
});
