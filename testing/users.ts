import { randomUUID } from 'node:crypto';
import type { TestApp, TestClient } from './app';
import { createAccount } from '../backend/src/features/auth/accounts';

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
}

export interface CreatedUser {
  id: string;
  uid: string;
  email: string;
  password: string;
  /** an `app.client()` already signed in as this user (through POST /api/login) */
  client: TestClient;
}

/**
 * Creates an account the way the server does (e-mail and member-id reservations, then
 * UserRegistered on `User-<id>`), waits for the users read model, and signs a fresh client in
 * through POST /api/login. Hashes use the test app's bcrypt cost (4).
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
  const client = app.client();
  const res = await client.post('/api/login', { email, password });
  if (res.status !== 200) throw new Error(`createUser: sign-in failed with ${res.status}: ${res.text}`);
  return { id: created.userId, uid: created.uid, email, password, client };
}
