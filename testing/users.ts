import { randomUUID } from 'node:crypto';
import type { TestApp, TestClient } from './app';
import { createAccount } from '../backend/src/features/auth/accounts';
import { handleCommand } from '../backend/src/app/commandHandler';
import { userDecider, userStream } from '../backend/src/domain/user/decider';
import {
  codeAt,
  encryptSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  timeStep,
} from '../backend/src/domain/user/secondFactor';
import { TOTP_PERIOD_SECONDS } from '@portal/contracts/secondFactor/endpoints';

export interface CreateUserOptions {
  admin?: boolean;
  sponsorId?: string | null;
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  /** the account holds a temporary password: signed in, but confined to the password change */
  mustChangePassword?: boolean;
  newsletter?: boolean;
  /**
   * a second factor (TOTP) is set up and the client passed it; default: for admins (who must
   * have one), not for partners. `false` leaves an admin confined to the enrolment.
   */
  secondFactor?: boolean;
}

/** A user's authenticator: its secret and the recovery codes not used yet by the helpers. */
export interface TestSecondFactor {
  secret: string;
  recoveryCodes: string[];
  /**
   * The last time step whose code was used: a code works once (replay protection), so the
   * helpers use the next unused step within the accepted window (now ±1), and a recovery code
   * when all are used. Kept on the factor, so a factor saved as JSON (the bench) carries it.
   */
  spentStep?: number;
}

export interface CreatedUser {
  id: string;
  uid: string;
  email: string;
  password: string;
  /** an `app.client()` already signed in as this user (through POST /api/login) */
  client: TestClient;
  /** set when the user has a second factor */
  secondFactor?: TestSecondFactor;
}

/** How long before the end of a step the helpers stop using the previous step's code. */
const PREVIOUS_STEP_MARGIN_MS = 10_000;

/**
 * A second-factor answer the server will accept now: `{code}` (TOTP of an unused time step) or,
 * when the window's codes are spent, `{recoveryCode}`.
 */
export function nextSecondFactor(factor: TestSecondFactor): { code: string } | { recoveryCode: string } {
  const nowMs = Date.now();
  const now = timeStep(nowMs);
  // The previous step's code is accepted only until the current step ends: use it only when
  // the request surely arrives before then (a code of now or now+1 stays valid a step later).
  const msLeftInStep = (now + 1) * TOTP_PERIOD_SECONDS * 1000 - nowMs;
  const earliest = msLeftInStep > PREVIOUS_STEP_MARGIN_MS ? now - 1 : now;
  const step = Math.max((factor.spentStep ?? now - 3) + 1, earliest);
  if (step <= now + 1) {
    factor.spentStep = step;
    return { code: codeAt(factor.secret, step) };
  }
  const recoveryCode = factor.recoveryCodes.shift();
  if (!recoveryCode)
    throw new Error('nextSecondFactor: every code of this window and every recovery code is spent');
  return { recoveryCode };
}

/**
 * Waits, when the current time step ends within the margin, for the next step, and returns it:
 * a test that uses the previous step's code (replays, enrolment) then runs inside one window.
 */
export async function settledTimeStep(): Promise<number> {
  const msLeft = () => (timeStep(Date.now()) + 1) * TOTP_PERIOD_SECONDS * 1000 - Date.now();
  if (msLeft() <= PREVIOUS_STEP_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, msLeft() + 50));
  return timeStep(Date.now());
}

/** The path to send `nextSecondFactor`'s answer to. */
export const secondFactorPath = (answer: { code: string } | { recoveryCode: string }) =>
  'code' in answer ? '/api/second-factor/verify' : '/api/second-factor/recover';

/** Passes the second factor for a client that has just signed in with the password. */
export async function passSecondFactor(client: TestClient, factor: TestSecondFactor) {
  const answer = nextSecondFactor(factor);
  const res = await client.post(secondFactorPath(answer), answer);
  if (res.status !== 200) throw new Error(`second factor refused with ${res.status}: ${res.text}`);
}

/** Signs a client in with the password and, when the user has one, the second factor. */
export async function signIn(
  client: TestClient,
  user: Pick<CreatedUser, 'email' | 'password' | 'secondFactor'>,
) {
  const res = await client.post('/api/login', { email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`sign-in failed with ${res.status}: ${res.text}`);
  if (user.secondFactor) await passSecondFactor(client, user.secondFactor);
  return res;
}

/**
 * Sets up a second factor through the API (start, then the first code), as the console does:
 * for a client signed in as an admin without one (for example the bootstrap admin).
 */
export async function enrolThroughApi(client: Pick<TestClient, 'post'>): Promise<TestSecondFactor> {
  const start = await client.post('/api/second-factor/enrolment', {});
  if (start.status !== 200) throw new Error(`enrolment refused with ${start.status}: ${start.text}`);
  const secret: string = start.body.secret;
  const step = timeStep(Date.now());
  const confirm = await client.post('/api/second-factor/enrolment/confirm', { code: codeAt(secret, step) });
  if (confirm.status !== 200) throw new Error(`enrolment not confirmed: ${confirm.status}: ${confirm.text}`);
  return { secret, recoveryCodes: [...(confirm.body.recoveryCodes as string[])], spentStep: step };
}

/**
 * Records a second factor for a user straight on its stream (as the enrolment would), with a
 * secret the test knows.
 */
async function enrolSecondFactor(app: TestApp, userId: string): Promise<TestSecondFactor> {
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes();
  const keys = app.deps.config.SECOND_FACTOR_KEYS ?? app.deps.config.SESSION_KEYS;
  const result = await handleCommand(
    app.deps.store,
    userStream(userId),
    userDecider,
    {
      type: 'EnrolSecondFactor',
      secret: encryptSecret(secret, keys),
      recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
      step: timeStep(Date.now()) - 2,
    },
    { actorId: userId, correlationId: `test-enrol-${userId}` },
  );
  if (result.position) await app.deps.projections.waitFor(result.position, { timeoutMs: 30_000 });
  return { secret, recoveryCodes: [...recoveryCodes] };
}

/**
 * Creates an account the way the server does (e-mail and member-id reservations, then
 * UserRegistered on `User-<id>`), waits for the users read model, and signs a fresh client in
 * through POST /api/login. Hashes use the test app's bcrypt cost (4). Admins (and users created with
 * `secondFactor: true`) get a second factor and the client passes it (issue 13).
 */
export async function createUser(app: TestApp, opts: CreateUserOptions = {}): Promise<CreatedUser> {
  const suffix = randomUUID().slice(0, 8);
  const email = opts.email ?? `user-${suffix}@example.test`;
  const password = opts.password ?? `Password-${suffix}`;
  const passwordHash = await app.deps.passwords.hash(password);
  const created = await createAccount(
    app.deps,
    {
      firstName: opts.firstName ?? 'Test',
      lastName: opts.lastName ?? `User ${suffix}`,
      email,
      passwordHash,
      sponsorId: opts.sponsorId ?? null,
      newsletter: opts.newsletter ?? false,
      isAdmin: opts.admin ?? false,
      mustChangePassword: opts.mustChangePassword ?? false,
      source: 'seed',
    },
    { actorId: null, correlationId: `test-${suffix}` },
  );
  if (created.position) await app.deps.projections.waitFor(created.position, { timeoutMs: 30_000 });
  const secondFactor =
    (opts.secondFactor ?? opts.admin ?? false) ? await enrolSecondFactor(app, created.userId) : undefined;
  const client = app.client();
  const res = await client.post('/api/login', { email, password });
  if (res.status !== 200) throw new Error(`createUser: sign-in failed with ${res.status}: ${res.text}`);
  if (secondFactor) await passSecondFactor(client, secondFactor);
  return { id: created.userId, uid: created.uid, email, password, client, secondFactor };
}
