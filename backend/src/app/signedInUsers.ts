import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { EventStore } from '../eventStore/port';
import { userVersionKey } from '../http/sessions';
import type { HotReads } from '../infra/hotReads';
import { type UserRecord, type UserRow, toUserRecord } from './users';
import { accountOfStream } from '../domain/user/signIns';

/**
 * How long a user's version key lives after its last change. It must outlive every cache entry
 * (maxAgeMs): an entry loaded before a change, under no key, must not match again once the
 * changed key expired.
 */
const VERSION_TTL_SECONDS = 24 * 3600;
const MAX_AGE_MS = 60_000;

/**
 * The signed-in user of each request, kept in this process instead of read on every request.
 *
 * Every change of a user (any event on `User-<id>`, a tombstone, an erasure) sets that user's
 * version key in Redis to a new random token, in the command path, after the append and its
 * inline read models committed and before the command answers (`touch`). Each request reads the
 * version together with its session in the same Redis round trip (SessionStore.get); a cached
 * user is used only while its version is still the one it was loaded under, so every process
 * sees a change on its next request: sessions and roles stay revocable at once, across processes.
 * The version is read before the row, so a change racing a load can only make the entry look
 * older than it is, never newer. Random tokens (not counters) cannot repeat after Redis loses a
 * key; entries also expire after a minute and the cache holds at most `maxEntries` users.
 */
export class SignedInUsers {
  private readonly entries = new Map<
    string,
    { user: UserRecord | null; version: string | null; at: number }
  >();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly reads: HotReads,
    private readonly options: { maxEntries?: number; maxAgeMs?: number } = {},
  ) {}

  versionKey = (userId: string) => userVersionKey(this.prefix, userId);

  /**
   * The user (null: no such user), loaded again unless cached under `version` (null: the user
   * has no version key; undefined: not known, so never from the cache).
   */
  async get(userId: string, version: string | null | undefined): Promise<UserRecord | null> {
    if (version === undefined) return loadUser(this.reads, userId);
    const cached = this.entries.get(userId);
    const maxAgeMs = Math.min(this.options.maxAgeMs ?? MAX_AGE_MS, MAX_AGE_MS);
    if (cached && cached.version === version && Date.now() - cached.at < maxAgeMs) return cached.user;
    const user = await loadUser(this.reads, userId);
    this.entries.delete(userId);
    if (this.entries.size >= (this.options.maxEntries ?? 10_000)) {
      // the oldest entry goes (Map keeps insertion order)
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(userId, { user, version, at: Date.now() });
    return user;
  }

  /** Marks a user changed for every process (call after the change committed, before answering). */
  async touch(userId: string): Promise<void> {
    this.entries.delete(userId);
    await this.redis.set(this.versionKey(userId), randomUUID(), 'EX', VERSION_TTL_SECONDS);
  }
}

export const USER_BY_ID_SQL = 'select * from users where id = $1';

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
 * `touch` of that user before the call returns: the command path itself invalidates the user
 * everywhere, whichever process runs it (API, worker, tools).
 */
export function touchingUsers(store: EventStore, users: Pick<SignedInUsers, 'touch'>): EventStore {
  const touchAll = (ids: string[]) => Promise.all(ids.map((id) => users.touch(id)));
  return {
    ...store,
    async appendToStream(streamId, events, options) {
      const result = await store.appendToStream(streamId, events, options);
      await touchAll(usersChangedBy(streamId, events));
      return result;
    },
    async deleteStream(streamId, options) {
      await store.deleteStream(streamId, options);
      await touchAll(usersChangedBy(streamId, []));
    },
    async tombstoneStream(streamId, options) {
      await store.tombstoneStream(streamId, options);
      await touchAll(usersChangedBy(streamId, []));
    },
  };
}
