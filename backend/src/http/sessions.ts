import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { rememberingKeys } from './cookieKeys';
import type { TrackedKeys } from '../infra/trackedKeys';

export const SESSION_COOKIE = 'portal.sid';
/**
 * The cookie's name: over TLS (secure cookies) with the `__Host-` prefix, which browsers accept
 * only with Secure, Path=/ and no Domain, so no subdomain or plain-HTTP page can set or shadow it
 * (issue 13 point 10, ASVS 3.3.1).
 */
const sessionCookieName = (config: Pick<Config, 'cookieSecure'>) =>
  config.cookieSecure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

export interface SessionData {
  userId?: string;
  /**
   * The signed-in user's version token, read with the session (never stored in it: koa-session
   * leaves `_` keys out); SignedInUsers answers its cached user only while this still matches.
   */
  _userVersion?: string | null;
  /** the user's progress version token, read with the session in the same way (never stored) */
  _progressVersion?: string | null;
  /** epoch ms of sign-in: the absolute lifetime counts from here */
  authenticatedAt?: number;
  passcodeVerified?: boolean;
  /** epoch ms when this session passed its second factor (code, recovery code or enrolment) */
  secondFactorAt?: number;
  /** a TOTP secret being enrolled (encrypted), until the first code confirms it */
  pendingSecondFactorSecret?: string;
  /** per-session idle lifetime (ms) set by koa-session; shorter for admins */
  maxAge?: number | 'session';
}

/** A user's version key: changed by every change of the user (app/signedInUsers.ts). */
export const userVersionKey = (prefix: string, userId: string) => `${prefix}user-ver:${userId}`;
/** A user's progress version key: changed by every change of their onboarding stream. */
export const progressVersionKey = (prefix: string, userId: string) => `${prefix}progress-ver:${userId}`;

/**
 * The session and, when it names a user, that user's version and progress version keys, in one
 * round trip. The version keys are derived from the session's content, so it cannot be declared up front: fine on
 * a single Redis server (the deployment here), not on a Redis Cluster.
 */
const SESSION_WITH_USER_VERSION = `
local raw = redis.call('GET', KEYS[1])
if not raw then return nil end
local ok, sess = pcall(cjson.decode, raw)
if ok and type(sess) == 'table' and type(sess.userId) == 'string' then
  return {raw, redis.call('GET', ARGV[1] .. 'user-ver:' .. sess.userId),
    redis.call('GET', ARGV[1] .. 'progress-ver:' .. sess.userId)}
end
return {raw}`;

type SessionRead = [string, (string | null)?, (string | null)?] | null;
type WithSessionCommand = Redis & {
  sessionWithUserVersion(key: string, prefix: string): Promise<SessionRead>;
};

/** A copy of a session with its user's version tokens (fields koa-session does not store). */
const withVersions = (
  sess: Record<string, unknown>,
  userVersion: string | null | undefined,
  progressVersion: string | null | undefined,
) =>
  typeof sess.userId === 'string'
    ? { ...sess, _userVersion: userVersion ?? null, _progressVersion: progressVersion ?? null }
    : { ...sess };

/**
 * A session as kept in this process: the stored session and, when it names a user, that user's two
 * version keys, built once when it is kept (a cached request then builds no key string).
 */
interface KeptSession {
  sess: Readonly<Record<string, unknown>>;
  versionKeys?: readonly [user: string, progress: string];
}

/** The Redis key prefixes whose values SessionStore keeps per process (TrackedKeys). */
export const sessionTrackedPrefixes = (prefix: string) => [
  `${prefix}sess:`,
  `${prefix}user-ver:`,
  `${prefix}progress-ver:`,
];

/**
 * Sessions live in Redis so they can be revoked: each user has a set of their session keys,
 * and revoking deletes them all at once (logout, lock, delete, password change, admin reset).
 * With `tracked`, a session and its user's two version tokens are kept in this process until any
 * process changes one of them (Redis client-side caching: TrackedKeys), so a read of an unchanged
 * session costs no round trip and a revocation still shows on the next request everywhere.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** the per-process copies (exposed for tests) */
    readonly tracked?: TrackedKeys,
  ) {
    redis.defineCommand('sessionWithUserVersion', { numberOfKeys: 1, lua: SESSION_WITH_USER_VERSION });
  }

  private key = (sid: string) => `${this.prefix}sess:${sid}`;
  private userKey = (userId: string) => `${this.prefix}user-sess:${userId}`;

  async get(sid: string): Promise<Record<string, unknown> | undefined> {
    const key = this.key(sid);
    const tracked = this.tracked;
    if (tracked && tracked.peek(key) !== undefined) {
      // an invalidation already received is applied before a cached session is answered
      await tracked.settled();
      const cached = this.cached(key);
      if (cached) return cached;
    }
    const read = () => (this.redis as WithSessionCommand).sessionWithUserVersion(key, this.prefix);
    const found = tracked ? await tracked.load(read, (answer) => this.entriesOf(key, answer)) : await read();
    if (!found) return undefined;
    return withVersions(JSON.parse(found[0]) as Record<string, unknown>, found[1], found[2]);
  }

  /** The session as `get` answers it, from the kept values only (all three must be there). */
  private cached(key: string): Record<string, unknown> | undefined {
    const tracked = this.tracked!;
    const kept = tracked.peek(key) as KeptSession | undefined;
    if (kept === undefined) return undefined;
    if (!kept.versionKeys) return { ...kept.sess };
    const userVersion = tracked.peek(kept.versionKeys[0]) as string | null | undefined;
    const progressVersion = tracked.peek(kept.versionKeys[1]) as string | null | undefined;
    if (userVersion === undefined || progressVersion === undefined) return undefined;
    return withVersions(kept.sess, userVersion, progressVersion);
  }

  /** What to keep of the script's answer: an absent session is not kept (any id can be sent). */
  private entriesOf(key: string, found: SessionRead): [string, unknown][] {
    if (!found) return [];
    const sess = Object.freeze(JSON.parse(found[0]) as Record<string, unknown>);
    if (typeof sess.userId !== 'string') return [[key, { sess } satisfies KeptSession]];
    const versionKeys = [
      userVersionKey(this.prefix, sess.userId),
      progressVersionKey(this.prefix, sess.userId),
    ] as const;
    return [
      [key, { sess, versionKeys } satisfies KeptSession],
      [versionKeys[0], found[1] ?? null],
      [versionKeys[1], found[2] ?? null],
    ];
  }

  async set(sid: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined) {
    const ttl = typeof maxAge === 'number' ? maxAge : 86_400_000;
    const pipeline = this.redis.multi().set(this.key(sid), JSON.stringify(sess), 'PX', ttl);
    const userId = sess.userId as string | undefined;
    if (userId)
      pipeline.sadd(this.userKey(userId), sid).pexpire(this.userKey(userId), Math.max(ttl, 7 * 86_400_000));
    await pipeline.exec();
    this.tracked?.invalidate([this.key(sid)]);
  }

  async destroy(sid: string) {
    const sess = await this.get(sid);
    const pipeline = this.redis.multi().del(this.key(sid));
    if (sess?.userId) pipeline.srem(this.userKey(String(sess.userId)), sid);
    await pipeline.exec();
    this.tracked?.invalidate([this.key(sid)]);
  }

  /** Ends every session of a user, except `keepSid` if given. Answers how many ended. */
  async revokeUser(userId: string, keepSid?: string): Promise<number> {
    const sids = await this.redis.smembers(this.userKey(userId));
    const doomed = sids.filter((s) => s !== keepSid);
    if (doomed.length === 0) return 0;
    await this.redis
      .multi()
      .del(...doomed.map(this.key))
      .srem(this.userKey(userId), ...doomed)
      .exec();
    this.tracked?.invalidate(doomed.map(this.key));
    return doomed.length;
  }

  /** Number of live sessions (sampled with SCAN; used by metrics). */
  async count(): Promise<number> {
    let cursor = '0';
    let total = 0;
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}sess:*`, 'COUNT', 1000);
      cursor = next;
      total += keys.length;
    } while (cursor !== '0');
    return total;
  }
}

export function sessionMiddleware(app: Koa, config: Config, store: SessionStore) {
  app.keys = rememberingKeys(config.SESSION_KEYS);
  return session(
    {
      key: sessionCookieName(config),
      maxAge: config.SESSION_IDLE_MINUTES * 60_000,
      // Renew (re-save) only once half the idle time has passed, not on every request: one Redis
      // write per request saved. The idle timeout is therefore between half and all of
      // SESSION_IDLE_MINUTES after the last renewal.
      rolling: false,
      renew: true,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      store,
      genid: () => randomBytes(24).toString('base64url'),
    },
    app,
  );
}
