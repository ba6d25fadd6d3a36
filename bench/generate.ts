import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../backend/src/eventStore/port';

export interface GeneratedData {
  userIds: string[];
  /** the sponsor with many partners, and one with a handful */
  bigSponsorId: string;
  smallSponsorId: string;
  events: number;
}

const meta = { actorId: null, correlationId: 'bench', causationId: null, schemaVersion: 1 };
const ev = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata: meta });

/** Runs `fn` over `items` with `concurrency` workers. */
async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/**
 * Demo data at scale, recorded as events like the application records them: `users` accounts
 * in sponsor trees (a big sponsor with `bigSponsorPartners` direct partners, a small one with
 * 10, everyone else under a random earlier user), each with its foundation progress.
 */
export async function generate(
  store: EventStore,
  options: {
    users: number;
    bigSponsorPartners: number;
    passwordHash: string;
    onProgress?: (done: number) => void;
  },
): Promise<GeneratedData> {
  const ids = Array.from({ length: options.users }, () => randomUUID());
  const [rootId, bigSponsorId, smallSponsorId] = ids;
  const sponsorOf = (i: number): string | null => {
    if (i === 0) return null;
    if (i <= 2) return rootId;
    if (i < 3 + options.bigSponsorPartners) return bigSponsorId;
    if (i < 13 + options.bigSponsorPartners) return smallSponsorId;
    return ids[Math.floor(Math.random() * (i - 1))];
  };
  const started = Date.now() - 400 * 86_400_000;
  let events = 0;
  let done = 0;
  await pool(
    ids.map((id, i) => ({ id, i })),
    16,
    async ({ id, i }) => {
      const user = [
        ev('UserRegistered', {
          userId: id,
          uid: `B-${i.toString(36).toUpperCase().padStart(5, '0')}`,
          firstName: ['Ana', 'Ben', 'Chloé', 'Diego', 'Emma', 'Farid', 'Grace', 'Hugo'][i % 8],
          lastName: `Bench${i}`,
          email: `bench${i}@bench.test`,
          passwordHash: options.passwordHash,
          sponsorId: sponsorOf(i),
          isAdmin: i === 0,
          mustChangePassword: false,
          source: 'seed',
        }),
      ];
      if (i % 3 === 0) user.push(ev('NewsletterSubscribed', { source: 'seed' }));
      await store.appendToStream(`User-${id}`, user, { expectedRevision: 'no_stream' });
      // sign-ins have their own stream (backend/src/domain/user/signIns.ts)
      const signIns =
        i % 2 === 0
          ? [ev('UserSignedIn', { at: new Date(started + (i % 400) * 86_400_000).toISOString() })]
          : [];
      if (signIns.length)
        await store.appendToStream(`SignIns-${id}`, signIns, { expectedRevision: 'no_stream' });
      const steps = i % 6; // 0..5 steps done
      const onboarding: NewEvent[] = [];
      for (let s = 1; s <= steps; s++) onboarding.push(ev('StepCompleted', { step: s }));
      if (steps === 5) onboarding.push(ev('TrainingCompleted', {}));
      if (onboarding.length)
        await store.appendToStream(`Onboarding-${id}`, onboarding, { expectedRevision: 'no_stream' });
      events += user.length + signIns.length + onboarding.length;
      if (++done % 5000 === 0) options.onProgress?.(done);
    },
  );
  return { userIds: ids, bigSponsorId, smallSponsorId, events };
}
