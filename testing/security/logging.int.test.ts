import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../backend/src/http/sessions';
import { createLogger } from '../../backend/src/infra/logger';
import { startTestApp, type TestApp } from '../app';
import { createUser } from '../users';

/**
 * QUALITY 22: sign-ins, failures, lockouts, denials and admin actions are logged (and recorded
 * as events where they change state); secrets never reach the log.
 */
const lines: Record<string, unknown>[] = [];
let raw = '';
const sink = new Writable({
  write(chunk, _encoding, done) {
    raw += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { logger: createLogger({ level: 'info', destination: sink }) });
});
afterAll(() => app.close());

const logged = (msg: string) => lines.filter((l) => l.msg === msg);

/** The value of the cookie called `name` in a Cookie header (`a=1; b=2`), or undefined. */
const cookieNamed = (header: string, name: string) =>
  new Map(
    header
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  ).get(name);

describe('security logging', () => {
  it('logs sign-ins, failures, lockouts, denials and admin actions without secrets', async () => {
    const user = await createUser(app, { password: 'Correct-Horse-2026' });
    const admin = await createUser(app, { admin: true });
    const attacker = app.client();
    for (let i = 0; i < 30; i++)
      await attacker.post('/api/login', { email: user.email, password: `Wrong-Secret-${i}` });
    expect(logged('sign-in failed').length).toBeGreaterThanOrEqual(29);
    expect(logged('account temporarily locked after failed sign-ins').length).toBeGreaterThanOrEqual(1);
    expect(logged('signed in').length).toBeGreaterThanOrEqual(2);

    expect((await user.client.get('/api/admin/users')).status).toBe(403);
    expect(
      logged('access denied').some(
        (l) => l.userId === user.id && String(l.route).includes('/api/admin/users'),
      ),
    ).toBe(true);

    const lock = await admin.client.request('PUT', `/api/admin/users/${user.id}`, { isLocked: true });
    expect(lock.status).toBe(200);
    expect(
      lines.some(
        (l) => l.msg === 'request' && l.method === 'PUT' && l.userId === admin.id && l.status === 200,
      ),
    ).toBe(true);
    // the audit log is asynchronous and its readers catch up (readYourWrites: 'read')
    await app.deps.projections.catchUp('audit_log');
    const events = await app.deps.db('audit_log').where({ subject_id: user.id, event_type: 'UserLocked' });
    expect(events).toHaveLength(1);
    expect(events[0].actor_id).toBe(admin.id);

    // Passwords and session cookies never appear in the log.
    expect(raw).not.toContain('Wrong-Secret-');
    expect(raw).not.toContain('Correct-Horse-2026');
    const sessionId = cookieNamed(user.client.cookie!, SESSION_COOKIE);
    const signature = cookieNamed(user.client.cookie!, `${SESSION_COOKIE}.sig`);
    expect(sessionId?.length).toBeGreaterThanOrEqual(16);
    expect(signature?.length).toBeGreaterThanOrEqual(16);
    expect(raw).not.toContain(sessionId);
    expect(raw).not.toContain(signature);
  });

  it('redacts secrets that code would put in a log line', () => {
    let out = '';
    const logger = createLogger({
      level: 'info',
      destination: new Writable({
        write(chunk, _e, done) {
          out += chunk.toString();
          done();
        },
      }),
    });
    logger.info(
      {
        password: 'secret-1',
        body: { newPassword: 'secret-2', currentPassword: 'secret-3', passcode: 'secret-4' },
        headers: { cookie: 'sid=secret-5', authorization: 'Bearer secret-6' },
      },
      'x',
    );
    expect(out).not.toContain('secret-');
    expect(out.match(/\[redacted\]/g)?.length).toBe(6);
  });
});
