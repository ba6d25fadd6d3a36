import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { EventStore, NewEvent } from '../eventStore/port';
import { progressVersionKey, userVersionKey } from '../http/sessions';
import type { HotReads } from '../infra/hotReads';
import { type UserRecord, type UserRow, toUserRecord } from './users';
import { accountOfStream } from '../domain/user/signIns';
import { onboardingOwnerOf } from '../domain/onboarding/decider';
import { VersionedCache } from './versionedCache';

/**
 * How long a version key lives after its last change. It must outlive every cache entry (a
 * minute, VersionedCache): an entry loaded before a change, under no key, must not match again
 * once the changed key expired.
 */
const VERSION_TTL_SECONDS = 24 * 3600;

/**
 * The signed-in user of each request, and that user's foundation progress, kept in this process
 * instead of read on every request (VersionedCache).
 *
 * Every change of a user (any event on `User-<id>`, a tombstone, an erasure) sets that user's
 * version key in Redis to a new random token, and every change of the user's onboarding stream
 * (`Onboarding-<id>`, whose inline read model is the progress) sets the progress version key, in
 * the command path, after the append and its inline read models committed and before the command
 * answers (`touch`, `touchProgress`). Each request reads both tokens together with its session in
 * the same Redis round trip (SessionStore.get); a cached value is used only while its token is
 * still the one it was loaded under, so every process sees a change on its next request: sessions
 * and roles stay revocable at once, and a command's progress is read back by any process. Random
 * tokens (not counters) cannot repeat after Redis loses a key.
 */
export class SignedInUsers {
  private readonly users: VersionedCache<UserRecord | null>;
  private readonly progress: VersionedCache<unknown>;
  /** the folded onboarding state commands decide from (see `foldedProgressOf`) */
  private readonly folded: VersionedCache<unknown>;
  /** the progress token this process set last, per user */
  private readonly progressTokens = new Map<string, string>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly reads: HotReads,
    options: { maxEntries?: number; maxAgeMs?: number } = {},
  ) {
    this.users = new VersionedCache(options);
    this.progress = new VersionedCache(options);
    this.folded = new VersionedCache(options);
  }

  versionKey = (userId: string) => userVersionKey(this.prefix, userId);

  /**
   * The user (null: no such user), loaded again unless cached under `version` (null: the user
   * has no version key; undefined: not known, so never from the cache).
   */
  get(userId: string, version: string | null | undefined): Promise<UserRecord | null> {
    return this.users.get(userId, version, () => loadUser(this.reads, userId));
  }

  /** The user's progress as `load` answers it, cached under the progress `version` (as `get`). */
  progressOf<P>(userId: string, version: string | null | undefined, load: () => Promise<P>): Promise<P> {
    return this.progress.get(userId, version, load) as Promise<P>;
  }

  /** Marks a user changed for every process (call after the change committed, before answering). */
  async touch(userId: string): Promise<void> {
    this.users.forget(userId);
    await this.redis.set(this.versionKey(userId), randomUUID(), 'EX', VERSION_TTL_SECONDS);
  }

  /**
   * The folded state a command on the user's onboarding stream decides from, as `load` answers
   * it, cached under the progress `version` like `progressOf`; after a command, `keepFolded`
   * keeps the state it produced under the token its append set, so the user's next command in
   * this process reads nothing. Only commands use it: their append checks the revision, so a
   * copy that is stale all the same (another process's token set before this one's, a rare
   * race) costs one conflict, after which the command reads the row and `forgetFolded` drops it.
   * Reads never see such a copy.
   */
  foldedProgressOf<F>(
    userId: string,
    version: string | null | undefined,
    load: () => Promise<F>,
  ): Promise<F> {
    return this.folded.get(userId, version, load) as Promise<F>;
  }

  keepFolded(userId: string, value: unknown) {
    const token = this.progressTokens.get(userId);
    if (token) this.folded.put(userId, token, value);
  }

  forgetFolded(userId: string) {
    this.folded.forget(userId);
  }

  /** Marks a user's progress changed for every process (as `touch`). */
  async touchProgress(userId: string): Promise<void> {
    this.progress.forget(userId);
    this.folded.forget(userId);
    const token = randomUUID();
    this.progressTokens.delete(userId);
    await this.redis.set(progressVersionKey(this.prefix, userId), token, 'EX', VERSION_TTL_SECONDS);
    this.rememberToken(userId, token);
  }

  private rememberToken(userId: string, token: string) {
    if (this.progressTokens.size >= MAX_TOKENS) {
      const oldest = this.progressTokens.keys().next().value;
      if (oldest !== undefined) this.progressTokens.delete(oldest);
    }
    this.progressTokens.set(userId, token);
  }
}

/** Tokens remembered at most (the oldest go first), as many as cached entries by default. */
const MAX_TOKENS = 10_000;

const USER_BY_ID_SQL = 'select * from users where id = $1';

async function loadUser(reads: HotReads, userId: string): Promise<UserRecord | null> {
  const row = await reads.one<UserRow>('user-by-id', USER_BY_ID_SQL, [userId]);
  // shared by every request of this user while cached: nobody may change it in place
  return row ? Object.freeze(toUserRecord(row)) : null;
}

/**
 * The users whose record these events change: the user of a `User-<id>` stream or of a
 * `SignIns-<id>` stream (the record's last sign-in), a deleted user.
 */
function usersChangedBy(streamId: string, events: { type: string; data?: unknown }[]): string[] {
  const ids = new Set<string>();
  const own = accountOfStream(streamId);
  if (own) ids.add(own);
  for (const e of events)
    if (e.type === 'UserDeleted') ids.add(String((e.data as { userId?: unknown } | undefined)?.userId));
  return [...ids];
}

/**
 * The event store, with every change of a user (append, deletion, tombstone) followed by
 * `touch` of that user, and every change of an onboarding stream by `touchProgress` of its
 * user, before the call returns: the command path itself invalidates the cached copies
 * everywhere, whichever process runs it (API, worker, tools).
 */
export function touchingUsers(
  store: EventStore,
  users: Pick<SignedInUsers, 'touch' | 'touchProgress'>,
): EventStore {
  const touchAll = (streamId: string, events: { type: string; data?: unknown }[]) => {
    const progressOwner = onboardingOwnerOf(streamId);
    return Promise.all([
      ...usersChangedBy(streamId, events).map((id) => users.touch(id)),
      ...(progressOwner ? [users.touchProgress(progressOwner)] : []),
    ]);
  };
  return {
    ...store,
    async appendToStream(streamId, events, options) {
      const result = await store.appendToStream(streamId, events, options);
      await touchAll(streamId, events);
      return result;
    },
    ...(store.withStreamLock
      ? {
          // touched after the commit: a process reloading before it would keep the old copy
          async withStreamLock(streamId, fn) {
            const appended: [string, NewEvent[]][] = [];
            const result = await store.withStreamLock!(streamId, (locked) =>
              fn({
                ...locked,
                async appendToStream(id, events, options) {
                  const outcome = await locked.appendToStream(id, events, options);
                  appended.push([id, events]);
                  return outcome;
                },
              }),
            );
            for (const [id, events] of appended) await touchAll(id, events);
            return result;
          },
        }
      : {}),
    async deleteStream(streamId, options) {
      await store.deleteStream(streamId, options);
      await touchAll(streamId, []);
    },
    async tombstoneStream(streamId, options) {
      await store.tombstoneStream(streamId, options);
      await touchAll(streamId, []);
    },
  };
}
