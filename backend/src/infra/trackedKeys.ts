import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createRedis } from './redis';

/** The channel Redis sends tracking invalidations on to a RESP2 connection (client-side caching). */
const INVALIDATE_CHANNEL = '__redis__:invalidate';

/**
 * Values of Redis keys kept in this process, dropped the moment any process changes the key:
 * Redis's server-assisted client-side caching in broadcasting mode. A connection of its own runs
 * `CLIENT TRACKING ON REDIRECT <its own id> BCAST PREFIX ...` and subscribes to
 * `__redis__:invalidate`, so every write, deletion or expiry of a key under one of the prefixes,
 * by whichever client, makes Redis send the key's name here (BCAST: whatever command or script
 * read it, and on whichever connection).
 *
 * Rules (docs/decisions/platform.md, "Hot paths"):
 * - Trusted only while that connection is up and tracking is confirmed (its SUBSCRIBE answered),
 *   and while the answer to a PING sent each second came back before the next; the end of it,
 *   an unanswered PING or a flush message (nil) drops everything and caching stops until
 *   tracking is set up again on a new connection. A close of the data connection drops
 *   everything too.
 * - A value read on the data connection is kept only if no invalidation of its key arrived while
 *   the read was in flight (the reply can arrive after the invalidation that made it stale) and
 *   the cache was trusted, under the same setup, from before the read was sent until its reply.
 * - A cached value is answered only after the event loop has handled the I/O that was pending
 *   when it was asked for (`settled`): an invalidation already in this process's socket is applied
 *   first.
 * - At most `maxEntries` keys (the oldest go first), each for at most `maxAgeMs`.
 */
export class TrackedKeys {
  /** The tracking connection's name in CLIENT LIST (tests find it there). */
  readonly connectionName = `tracked-keys-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly entries = new Map<string, { value: unknown; at: number }>();
  /** reads in flight, each with the keys invalidated since it was sent */
  private readonly fills = new Set<{ epoch: number; dirty: Set<string> }>();
  private readonly connection: Redis;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly pinger: NodeJS.Timeout;
  /** bumped by every flush: a read is kept only if none happened while it was in flight */
  private epoch = 0;
  /** bumped by every setup of tracking and every loss of it: only the latest setup may trust */
  private attempt = 0;
  private trusted = false;
  private pingPending = false;
  private closed = false;
  private started = false;
  private readonly onError?: (err: unknown, setup: boolean) => void;

  constructor(
    url: string,
    private readonly prefixes: string[],
    /** the connection the values are read on: its loss also drops them */
    data: Redis,
    options: {
      maxEntries?: number;
      maxAgeMs?: number;
      /** `setup`: tracking was refused (an old Redis, an ACL without CLIENT): reads go to Redis */
      onError?: (err: unknown, setup: boolean) => void;
    } = {},
  ) {
    this.onError = options.onError;
    this.maxEntries = options.maxEntries ?? 20_000;
    this.maxAgeMs = options.maxAgeMs ?? 5_000;
    // RESP2: on RESP3 Redis sends invalidations as push frames, which ioredis does not surface
    // connected on first use, so processes that never read a tracked key (worker, tools) open none
    this.connection = createRedis(url, {
      protocol: 2,
      autoResubscribe: false,
      connectionName: this.connectionName,
      lazyConnect: true,
    });
    this.connection.on('error', (err) => this.onError?.(err, false));
    this.connection.on('close', () => this.untrust());
    this.connection.on('ready', () => void this.track());
    this.connection.on('messageBuffer', (channel: Buffer, keys: Buffer[] | null) => {
      if (channel.toString() !== INVALIDATE_CHANNEL) return;
      if (keys === null) this.untrust(true);
      else this.invalidate(keys.map(String));
    });
    // not part of the tracking (BCAST), but what was read on it is dropped with it
    data.on('close', () => this.flush());
    this.pinger = setInterval(() => this.ping(), 1_000).unref();
  }

  get isTrusted() {
    return this.trusted;
  }

  /**
   * Sets tracking up on a new connection. Redirecting to the connection itself works on RESP2
   * (checked on Redis 7.0: it is then the subscriber of its own invalidations); invalidations
   * sent before its SUBSCRIBE is answered are lost, so nothing is trusted before that.
   */
  private async track() {
    const attempt = ++this.attempt;
    // The socket's 'end' or 'error' comes in the same turn of the event loop as the bytes that
    // end it, before any `settled` of a request read in that turn; ioredis's 'close' comes later.
    const stream = this.connection.stream;
    const lost = () => {
      if (this.connection.stream === stream) this.untrust();
    };
    stream.once('end', lost);
    stream.once('error', lost);
    try {
      const id = await this.connection.client('ID');
      const prefixes = this.prefixes.flatMap((p) => ['PREFIX', p]);
      await this.connection.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', String(id), 'BCAST', ...prefixes);
      await this.connection.subscribe(INVALIDATE_CHANNEL);
      if (attempt !== this.attempt || this.closed) return;
      this.flush();
      this.pingPending = false;
      this.trusted = true;
    } catch (err) {
      if (attempt !== this.attempt || this.closed) return; // the connection went away meanwhile
      this.onError?.(err, true);
      // untrusted until a new connection sets tracking up (not at once: the failure may last)
      setTimeout(() => attempt === this.attempt && this.connection.disconnect(true), 10_000).unref();
    }
  }

  /** Drops every value, also those of reads in flight. */
  private flush() {
    this.epoch++;
    this.entries.clear();
  }

  /** Stops trusting (and drops) every value until tracking is set up again; `reconnect` forces that. */
  private untrust(reconnect = false) {
    this.attempt++;
    this.trusted = false;
    this.flush();
    if (reconnect && !this.closed) this.connection.disconnect(true);
  }

  private ping() {
    if (!this.trusted) return;
    if (this.pingPending) {
      this.untrust(true);
      return;
    }
    this.pingPending = true;
    this.connection.ping().then(
      () => (this.pingPending = false),
      () => undefined,
    );
  }

  /** Drops these keys here and in every read in flight (also after this process's own writes). */
  invalidate(keys: string[]) {
    for (const key of keys) this.entries.delete(key);
    for (const fill of this.fills) for (const key of keys) fill.dirty.add(key);
  }

  private start() {
    if (this.started || this.closed) return;
    this.started = true;
    this.connection.connect().catch(() => undefined);
  }

  /** The cached value of `key`; undefined when not cached (or not trusted now). */
  peek(key: string): unknown {
    if (!this.trusted) {
      this.start();
      return undefined;
    }
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at < this.maxAgeMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * Resolves once the event loop has handled the I/O that is pending now (an invalidation already
   * received by this process is applied first). Ask `peek` again after it.
   */
  settled(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * Runs `read` (on the data connection) and keeps the entries `entriesOf` names from its
   * answer, unless one was invalidated while the read was in flight or tracking was lost.
   */
  async load<T>(read: () => Promise<T>, entriesOf: (answer: T) => [string, unknown][]): Promise<T> {
    if (!this.trusted) {
      this.start();
      return read();
    }
    const fill = { epoch: this.epoch, dirty: new Set<string>() };
    this.fills.add(fill);
    try {
      const answer = await read();
      if (this.trusted && this.epoch === fill.epoch)
        for (const [key, value] of entriesOf(answer)) if (!fill.dirty.has(key)) this.put(key, value);
      return answer;
    } finally {
      this.fills.delete(fill);
    }
  }

  private put(key: string, value: unknown) {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      // the oldest entry goes (Map keeps insertion order)
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, at: Date.now() });
  }

  close() {
    this.closed = true;
    clearInterval(this.pinger);
    this.untrust();
    this.connection.disconnect();
  }
}
