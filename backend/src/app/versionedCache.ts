/**
 * Values kept in this process under a version token read from Redis with each request's session:
 * an entry answers only while the token it was loaded under is still the current one, so a
 * change made by any process (which sets a new token before its command answers) is seen on the
 * next request everywhere. The token must be read before the value is loaded, so a change racing
 * a load can only make an entry look older than it is, never newer. Entries also expire after
 * `maxAgeMs` (at most a minute) and at most `maxEntries` are kept (the oldest go first).
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { value: T; version: string | null; at: number }>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;

  constructor(options: { maxEntries?: number; maxAgeMs?: number } = {}) {
    this.maxAgeMs = Math.min(options.maxAgeMs ?? MAX_AGE_MS, MAX_AGE_MS);
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /**
   * The value of `key`, loaded again unless cached under `version` (null: no token exists;
   * undefined: the token is not known, so never from the cache and not kept).
   */
  async get(key: string, version: string | null | undefined, load: () => Promise<T>): Promise<T> {
    if (version === undefined) return load();
    const cached = this.entries.get(key);
    if (cached && cached.version === version && Date.now() - cached.at < this.maxAgeMs) return cached.value;
    const value = await load();
    this.put(key, version, value);
    return value;
  }

  /** Keeps `value` under `version` (the token its writer set), replacing what `key` had. */
  put(key: string, version: string | null, value: T) {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // the oldest entry goes (Map keeps insertion order)
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, version, at: Date.now() });
  }

  forget(key: string) {
    this.entries.delete(key);
  }
}

/** The longest an entry is used, whatever its token says. */
const MAX_AGE_MS = 60_000;
