import type { AppDeps } from '../app/deps';
import { findUserById } from '../app/users';
import { createAccount } from '../features/auth/accounts';
import { bootstrapAdmin } from '../features/auth';
import { recordSignIn } from '../app/signIns';

/** Password of every demo partner (never the admin's, which comes from ADMIN_PASSWORD). */
export const DEMO_PARTNER_PASSWORD = 'Partner-Demo-2026';
/** Temporary password of the demo partner who must choose a new one at first sign-in. */
export const DEMO_TEMPORARY_PASSWORD = 'Temporary-2026';

export interface DemoUser {
  key: string;
  id: string;
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  sponsor: string | null;
  mustChangePassword?: boolean;
  /** days between joining and the seed */
  joinedDaysAgo: number;
  /** days since the last sign-in (none: never signed in) */
  lastSignInDaysAgo?: number;
}

/**
 * The demo sponsor tree (fixed ids, so other features can seed progress for them):
 *
 *   Maria Garcia (top sponsor)
 *   ├── James Wilson
 *   │   ├── Emma Brown
 *   │   └── Noah Davis
 *   ├── Sofia Rossi
 *   │   └── Olivia Chen (temporary password: must change it at first sign-in)
 *   ├── Luc Martin
 *   └── Aisha Khan
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    key: 'maria',
    id: 'd0000000-0000-4000-8000-000000000001',
    uid: 'P-MGR7AJ',
    firstName: 'Maria',
    lastName: 'Garcia',
    email: 'maria@demo.test',
    sponsor: null,
    joinedDaysAgo: 240,
    lastSignInDaysAgo: 1,
  },
  {
    key: 'james',
    id: 'd0000000-0000-4000-8000-000000000002',
    uid: 'P-JW4K2M',
    firstName: 'James',
    lastName: 'Wilson',
    email: 'james@demo.test',
    sponsor: 'maria',
    joinedDaysAgo: 200,
    lastSignInDaysAgo: 3,
  },
  {
    key: 'sofia',
    id: 'd0000000-0000-4000-8000-000000000003',
    uid: 'P-SR8T3N',
    firstName: 'Sofia',
    lastName: 'Rossi',
    email: 'sofia@demo.test',
    sponsor: 'maria',
    joinedDaysAgo: 190,
    lastSignInDaysAgo: 2,
  },
  {
    key: 'luc',
    id: 'd0000000-0000-4000-8000-000000000004',
    uid: 'P-UC6V9P',
    firstName: 'Luc',
    lastName: 'Martin',
    email: 'luc@demo.test',
    sponsor: 'maria',
    joinedDaysAgo: 170,
    lastSignInDaysAgo: 9,
  },
  {
    key: 'aisha',
    id: 'd0000000-0000-4000-8000-000000000005',
    uid: 'P-AK3H7Q',
    firstName: 'Aisha',
    lastName: 'Khan',
    email: 'aisha@demo.test',
    sponsor: 'maria',
    joinedDaysAgo: 150,
  },
  {
    key: 'emma',
    id: 'd0000000-0000-4000-8000-000000000006',
    uid: 'P-EB5R2W',
    firstName: 'Emma',
    lastName: 'Brown',
    email: 'emma@demo.test',
    sponsor: 'james',
    joinedDaysAgo: 120,
    lastSignInDaysAgo: 5,
  },
  {
    key: 'noah',
    id: 'd0000000-0000-4000-8000-000000000007',
    uid: 'P-ND7X4Y',
    firstName: 'Noah',
    lastName: 'Davis',
    email: 'noah@demo.test',
    sponsor: 'james',
    joinedDaysAgo: 90,
    lastSignInDaysAgo: 12,
  },
  {
    key: 'olivia',
    id: 'd0000000-0000-4000-8000-000000000008',
    uid: 'P-QC2Z8G',
    firstName: 'Olivia',
    lastName: 'Chen',
    email: 'olivia@demo.test',
    sponsor: 'sofia',
    mustChangePassword: true,
    joinedDaysAgo: 20,
  },
];

export const demoUser = (key: string) => {
  const user = DEMO_USERS.find((u) => u.key === key);
  if (!user) throw new Error(`No demo user ${key}`);
  return user;
};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3_600_000).toISOString();

/** The admin (bootstrap, from configuration) and the demo partners. Idempotent. */
export async function seedDemoUsers(deps: AppDeps): Promise<string> {
  const admin = await bootstrapAdmin(deps);
  let created = 0;
  let last: string | null = null;
  const [partnerHash, temporaryHash] = await Promise.all([
    deps.passwords.hash(DEMO_PARTNER_PASSWORD),
    deps.passwords.hash(DEMO_TEMPORARY_PASSWORD),
  ]);
  for (const user of DEMO_USERS) {
    if (await findUserById(deps.db, user.id)) continue;
    const result = await createAccount(
      deps,
      {
        userId: user.id,
        uid: user.uid,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        passwordHash: user.mustChangePassword ? temporaryHash : partnerHash,
        sponsorId: user.sponsor ? demoUser(user.sponsor).id : null,
        newsletter: false,
        mustChangePassword: user.mustChangePassword ?? false,
        source: 'seed',
        registeredAt: daysAgo(user.joinedDaysAgo),
      },
      { actorId: null, correlationId: 'demo-seed', idempotencyKey: `demo-user-${user.id}` },
    );
    last = result.position ?? last;
    if (user.lastSignInDaysAgo !== undefined) {
      const signedIn = await recordSignIn(deps.store, user.id, daysAgo(user.lastSignInDaysAgo), {
        actorId: user.id,
        correlationId: 'demo-seed',
        idempotencyKey: `demo-sign-in-${user.id}`,
      });
      last = signedIn.position ?? last;
    }
    created++;
  }
  if (last) await deps.projections.waitFor(last, { timeoutMs: 30_000 });
  return `users: admin ${admin}, ${created} of ${DEMO_USERS.length} partners created`;
}
