import type { TestApp, TestClient } from './app';
import { handleCommand } from '../backend/src/app/commandHandler';
import { type UserCommand, userDecider, userStream } from '../backend/src/domain/user/decider';
import { readStreamOrEmpty } from '../backend/src/eventStore/port';

/** Test helpers for the auth tests: recorded through the real decider and event store. */
export async function userCommand(app: TestApp, userId: string, command: UserCommand) {
  const result = await handleCommand(app.deps.store, userStream(userId), userDecider, command, {
    actorId: null,
    correlationId: 'test',
  });
  if (result.position) await app.deps.projections.waitFor(result.position);
  return result;
}

export const lockUser = (app: TestApp, userId: string) =>
  userCommand(app, userId, { type: 'SetLocked', locked: true });

/** What the admin "reset password" does to the account: a temporary password, must change. */
export async function issueTemporaryPassword(app: TestApp, userId: string, temporary: string) {
  const passwordHash = await app.deps.passwords.hash(temporary);
  return userCommand(app, userId, { type: 'IssueTemporaryPassword', passwordHash });
}

export async function eventTypes(app: TestApp, streamId: string) {
  return (await readStreamOrEmpty(app.deps.store, streamId)).map((e) => e.type);
}

/** Forgets every rate-limit and failure counter of this app (each test starts from zero). */
export async function clearLimits(app: TestApp) {
  const prefix = app.deps.config.REDIS_PREFIX;
  const keys = [
    ...(await app.deps.redis.keys(`${prefix}rl:*`)),
    ...(await app.deps.redis.keys(`${prefix}login-failures:*`)),
    ...(await app.deps.redis.keys(`${prefix}2fa:*`)),
  ];
  if (keys.length) await app.deps.redis.del(...keys);
}

/** The session id in a client's cookie jar (the value of the signed `portal.sid` cookie). */
export function sessionIdOf(client: TestClient): string | null {
  const match = /(?:^|;\s*)portal\.sid=([^;]+)/.exec(client.cookie ?? '');
  return match ? match[1] : null;
}

/** An error answer without its request id, for comparing answers. */
export const withoutRequestId = (body: Record<string, unknown>) => {
  const { requestId: _requestId, ...rest } = body;
  return rest;
};

/** A client that has verified the registration passcode. */
export async function passcodeClient(app: TestApp): Promise<TestClient> {
  const client = app.client();
  const res = await client.post('/api/verify-passcode', { passcode: 'TESTPASS' });
  if (res.body?.valid !== true) throw new Error(`passcode not accepted: ${res.status} ${res.text}`);
  return client;
}
