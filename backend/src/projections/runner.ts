import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import pg from 'pg';
import type { Redis } from 'ioredis';
import type { Db } from '../infra/db';
import { isDbUnavailable } from '../infra/db';
import type { Logger } from '../infra/logger';
import type { Metrics } from '../infra/metrics';
import type { EventStore, RecordedEvent } from '../eventStore/port';
import { LeadershipLost, advanceCheckpoint, takeLead } from './checkpoints';
import { type Projection, applyEvents, handles, handlesType } from './projection';
import { ProgressChannel } from './progressChannel';

export interface ProjectionHostDeps {
  db: Db;
  store: EventStore;
  logger: Logger;
  metrics?: Metrics;
  /** connection string for the leader-lock and progress-listener sessions */
  databaseUrl: string;
  batchSize?: number;
  /** how long a read-your-writes wait may take (ms) */
  waitTimeoutMs?: number;
  /** false: this process follows the leaders' progress but never leads a projection */
  lead?: boolean;
  /** how often a waiting read-your-writes re-reads stored checkpoints, besides notifications (ms) */
  pollIntervalMs?: number;
  /** where each process posts its projection status for the health details (Redis, with a TTL) */
  statusBoard?: { redis: Redis; prefix: string; service: string };
}

/** One process's view of the projections, as posted on the status board. */
export interface ProcessProjections {
  process: string;
  service: string;
  at: string;
  projections: ProjectionStatus[];
}

const BOARD_EVERY_MS = 5_000;

export class ProjectionTimeout extends Error {
  override name = 'ProjectionTimeout';
}

export interface ProjectionStatus {
  name: string;
  /** inline: written in each append's transaction, never behind */
  lifecycle: 'inline' | 'async';
  leader: boolean;
  position: string | null;
  /** age of the oldest event this process knows the projection has not applied yet (0: caught up) */
  lagSeconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lockKey = (name: string) => `projection:${name}`;
/** A leader writes its checkpoint at least this often while it only skips unrelated events. */
const CHECKPOINT_EVERY_MS = 1_000;

/** This process, as shown in health details (host:pid). */
const processName = `${hostname()}:${process.pid}`;

/**
 * Runs the asynchronous projections: one loop per projection, each subscribed to all events
 * from its stored checkpoint. Only one process leads a given projection at a time (a PostgreSQL
 * session advisory lock, fenced by an epoch); every leader publishes each position it reaches on
 * a progress channel, so every other process learns it within milliseconds, including progress
 * over events the projection ignores (read-your-writes across processes).
 */
export class ProjectionHost {
  private readonly emitter = new EventEmitter();
  private readonly positions = new Map<string, string | null>();
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly led = new Map<string, number>();
  private readonly progress: ProgressChannel;
  private lockClientPromise: Promise<pg.Client> | null = null;
  private lockClient: pg.Client | null = null;
  private lockQueue: Promise<unknown> = Promise.resolve();
  private started = false;
  private boardTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: ProjectionHostDeps,
    /** the asynchronous projections this host runs */
    readonly projections: Projection[],
    /** the inline ones (PostgreSQL event store), listed in the status only */
    private readonly inline: Projection[] = [],
  ) {
    this.emitter.setMaxListeners(0);
    this.progress = new ProgressChannel(deps.databaseUrl, deps.db, deps.logger, (name, position) =>
      this.learn(name, position),
    );
  }

  start() {
    if (this.started) return;
    this.started = true;
    this.progress.start(() => this.refreshFromDb(this.projections.map((p) => p.name)));
    if (this.deps.statusBoard) {
      const post = () => void this.postStatus().catch(() => undefined);
      this.boardTimer = setInterval(post, BOARD_EVERY_MS);
      this.boardTimer.unref();
      post();
    }
    if (this.deps.lead === false) return;
    for (const projection of this.projections) this.loops.push(this.run(projection));
  }

  async stop() {
    if (this.boardTimer) clearInterval(this.boardTimer);
    this.abort.abort();
    this.emitter.emit('stop');
    await Promise.allSettled(this.loops);
    await this.progress.stop();
    const client = await this.lockClientPromise?.catch(() => null);
    this.lockClient = null;
    await client?.end().catch(() => undefined);
    this.lockClientPromise = null;
    this.led.clear();
  }

  /** Names of the projections (of this host) that react to any of these event types. */
  namesFor(eventTypes: string[]): string[] {
    return this.projections.filter((p) => eventTypes.some((type) => handlesType(p, type))).map((p) => p.name);
  }

  /** Positions, leadership and lag of each projection as this process sees them. */
  async status(): Promise<ProjectionStatus[]> {
    const head = this.inline.length ? await this.deps.store.headPosition() : null;
    const inline = this.inline.map((p) => ({
      name: p.name,
      lifecycle: 'inline' as const,
      leader: false,
      position: head,
      lagSeconds: 0,
    }));
    const running = await Promise.all(
      this.projections.map(async (p) => {
        const position = this.positions.get(p.name) ?? null;
        return {
          name: p.name,
          lifecycle: 'async' as const,
          leader: this.led.has(p.name),
          position,
          lagSeconds: await this.lagOf(position),
        };
      }),
    );
    return [...inline, ...running];
  }

  /**
   * Seconds since the oldest committed event after `position` was appended (0 when there is
   * none), counting events a long transaction still hides from readers: a projection stalled
   * behind one (a locked table, say) is behind, not caught up.
   */
  private async lagOf(position: string | null): Promise<number> {
    const oldest = await this.deps.store.oldestEventTimeAfter(position);
    return oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0;
  }

  private boardKey = (process: string) => `${this.deps.statusBoard!.prefix}projection-status:${process}`;

  private async postStatus() {
    const board = this.deps.statusBoard!;
    const entry: ProcessProjections = {
      process: processName,
      service: board.service,
      at: new Date().toISOString(),
      projections: await this.status(),
    };
    await board.redis.set(this.boardKey(processName), JSON.stringify(entry), 'PX', BOARD_EVERY_MS * 3);
  }

  /** Every live process's projection status (posted within the last 15 s), sorted by process. */
  async processes(): Promise<ProcessProjections[]> {
    const board = this.deps.statusBoard;
    if (!board) return [];
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await board.redis.scan(cursor, 'MATCH', this.boardKey('*'), 'COUNT', 100);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    if (keys.length === 0) return [];
    const values = await board.redis.mget(...keys);
    return values
      .filter((v): v is string => v !== null)
      .map((v) => JSON.parse(v) as ProcessProjections)
      .sort((a, b) => a.process.localeCompare(b.process));
  }

  /** Refreshes the lag and leadership gauges (called on each metrics scrape). */
  async updateMetrics() {
    const { metrics } = this.deps;
    if (!metrics) return;
    for (const s of (await this.status()).filter((p) => p.lifecycle === 'async')) {
      metrics.projectionLag.set({ projection: s.name }, s.lagSeconds);
      metrics.projectionLeader.set({ projection: s.name }, s.leader ? 1 : 0);
    }
  }

  /**
   * Read-your-writes: resolves once every projection (or the named ones) has passed
   * `position`; rejects with ProjectionTimeout after `timeoutMs`.
   */
  async waitFor(position: string, options: { names?: string[]; timeoutMs?: number } = {}): Promise<void> {
    const names = options.names ?? this.projections.map((p) => p.name);
    const deadline = Date.now() + (options.timeoutMs ?? this.deps.waitTimeoutMs ?? 5_000);
    const reached = () => names.every((n) => (this.positions.get(n) ?? '') >= position);
    const pollMs = this.deps.pollIntervalMs ?? 250;
    while (!reached()) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new ProjectionTimeout(`Projections did not reach ${position} in time`);
      // Leaders announce progress (in this process directly, from others by notification);
      // stored checkpoints are re-read now and then in case a notification was lost.
      const woken = await new Promise<boolean>((resolve) => {
        const done = (advanced: boolean) => {
          clearTimeout(timer);
          this.emitter.off('advanced', onAdvanced);
          resolve(advanced);
        };
        const onAdvanced = () => done(true);
        const timer = setTimeout(() => done(false), Math.min(remaining, pollMs));
        this.emitter.on('advanced', onAdvanced);
      });
      if (!woken) await this.refreshFromDb(names).catch(() => undefined);
    }
  }

  /**
   * After a command: waits until the asynchronous projections that handle the appended event
   * types (every one when the types are not given) have applied them. Never throws: when one is
   * late the command has still succeeded, and the caller answers from the state its decider
   * produced. Answers whether they caught up.
   */
  async settle(result: { position: string | null; events?: { type: string }[] }): Promise<boolean> {
    if (!result.position) return true;
    const names = (
      result.events ? this.namesFor(result.events.map((e) => e.type)) : this.projections.map((p) => p.name)
    ).filter((name) => this.projections.find((p) => p.name === name)?.readYourWrites !== 'read');
    return this.waitBounded(result.position, names);
  }

  /**
   * Before a read of asynchronous read models whose readers catch up themselves
   * (`readYourWrites: 'read'`): waits until the named ones (of this host; inline ones are never
   * behind) have applied every event committed before now. Never throws: when one is late the
   * read answers what it has. Answers whether they caught up.
   */
  async catchUp(...names: string[]): Promise<boolean> {
    const mine = names.filter((name) => this.projections.some((p) => p.name === name));
    if (mine.length === 0) return true;
    const store = this.deps.store;
    const head = await (store.committedHead ? store.committedHead() : store.headPosition());
    return head ? this.waitBounded(head, mine) : true;
  }

  private async waitBounded(position: string, names: string[]): Promise<boolean> {
    if (names.length === 0) return true;
    try {
      await this.waitFor(position, { names });
      return true;
    } catch (error) {
      if (!(error instanceof ProjectionTimeout)) throw error;
      this.deps.metrics?.readYourWritesTimeouts.inc();
      this.deps.logger.warn({ position, projections: names }, 'read models late: answering what they have');
      return false;
    }
  }

  private learn(name: string, position: string | null) {
    if (position === null || this.led.has(name)) return;
    if ((this.positions.get(name) ?? '') >= position) return;
    this.positions.set(name, position);
    this.emitter.emit('advanced');
  }

  private async refreshFromDb(names: string[]) {
    const rows = await this.deps
      .db('projection_checkpoints')
      .whereIn('name', names)
      .select('name', 'position');
    for (const row of rows) this.learn(row.name, row.position);
  }

  /** One session for all leader locks of this host (created once, even when asked concurrently). */
  private lockSession(): Promise<pg.Client> {
    this.lockClientPromise ??= (async () => {
      const client = new pg.Client({ connectionString: this.deps.databaseUrl });
      client.on('error', () => {
        // The session (and with it every lock) is gone: give up leadership everywhere. pg may
        // report one dead session twice: only the current session's end counts.
        if (this.lockClient !== client) return;
        this.lockClient = null;
        this.lockClientPromise = null;
        this.led.clear();
        client.end().catch(() => undefined);
      });
      try {
        await client.connect();
      } catch (error) {
        this.lockClientPromise = null;
        throw error;
      }
      this.lockClient = client;
      return client;
    })();
    return this.lockClientPromise;
  }

  /** Tries to take the projection's leader lock; queries on the shared session run one at a time. */
  private acquireLock(name: string): Promise<boolean> {
    const attempt = this.lockQueue.then(async () => {
      const client = await this.lockSession();
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
        [lockKey(name)],
      );
      return rows[0].ok;
    });
    this.lockQueue = attempt.catch(() => undefined);
    return attempt;
  }

  private async run(projection: Projection) {
    const { logger } = this.deps;
    let backoff = 100;
    const signal = this.abort.signal;
    while (!signal.aborted) {
      try {
        if (!this.led.has(projection.name)) {
          const locked = await this.acquireLock(projection.name).catch(() => false);
          if (!locked) {
            await this.sleepUnlessStopped(1_000);
            continue;
          }
          const { epoch, position } = await takeLead(this.deps.db, projection.name);
          this.led.set(projection.name, epoch);
          this.positions.set(projection.name, position);
          logger.info({ projection: projection.name, epoch, process: processName }, 'leading projection');
        }
        await this.follow(projection);
        backoff = 100;
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof LeadershipLost) {
          this.led.delete(projection.name);
          logger.warn({ projection: projection.name }, 'projection lead lost, following again');
          continue;
        }
        logger.warn(
          { err: error, projection: projection.name, backoffMs: backoff },
          'projection stopped, resubscribing',
        );
        await this.sleepUnlessStopped(backoff);
        backoff = Math.min(backoff * 2, 10_000);
      }
    }
  }

  private sleepUnlessStopped(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off('stop', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.emitter.on('stop', done);
    });
  }

  /** Subscribes from the checkpoint and applies events in batches until stopped, fenced or failed. */
  private async follow(projection: Projection) {
    const { store } = this.deps;
    const name = projection.name;
    const batchSize = this.deps.batchSize ?? 200;
    this.emitter.emit('advanced');
    const subscription = store.subscribeToAll({ after: this.positions.get(name) ?? null });
    const onStop = () => void subscription.close();
    this.emitter.once('stop', onStop);
    const iterator = subscription[Symbol.asyncIterator]();
    let unsaved: RecordedEvent | null = null;
    let savedAt = Date.now();
    try {
      let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
      while (!this.abort.signal.aborted && this.led.has(name)) {
        pending ??= iterator.next();
        // Only unrelated events were met since the last checkpoint: save it once things are quiet.
        const first = await (unsaved ? raceTimeout(pending, CHECKPOINT_EVERY_MS) : pending);
        if (first === null) {
          await this.saveCheckpoint(projection, unsaved!);
          unsaved = null;
          savedAt = Date.now();
          continue;
        }
        pending = null;
        if (first.done) return;
        const batch: RecordedEvent[] = [first.value];
        // Take whatever is already buffered without waiting for more.
        while (batch.length < batchSize) {
          pending = iterator.next();
          const next = await raceTimeout(pending, 0);
          if (next === null) break;
          pending = null;
          if (next.done) break;
          batch.push(next.value);
        }
        const last = batch[batch.length - 1];
        if (!batch.some((e) => handles(projection, e)) && Date.now() - savedAt < CHECKPOINT_EVERY_MS) {
          // Nothing to apply: move on in memory and tell the others; the checkpoint follows soon.
          unsaved = last;
          this.advanced(name, last.position);
          continue;
        }
        await this.applyBatch(projection, batch);
        unsaved = null;
        savedAt = Date.now();
      }
    } finally {
      this.emitter.off('stop', onStop);
      await subscription.close().catch(() => undefined);
    }
  }

  private advanced(name: string, position: string) {
    this.positions.set(name, position);
    this.emitter.emit('advanced');
    this.progress.publish(name, position);
  }

  private epochOf(name: string) {
    const epoch = this.led.get(name);
    if (epoch === undefined) throw new LeadershipLost(`${name}: not leading`);
    return epoch;
  }

  private async saveCheckpoint(projection: Projection, event: RecordedEvent) {
    const epoch = this.epochOf(projection.name);
    await this.deps.db.transaction((trx) =>
      advanceCheckpoint(trx, projection.name, epoch, event.position, event.createdAt),
    );
  }

  private async applyBatch(projection: Projection, batch: RecordedEvent[]) {
    const { db, metrics, logger } = this.deps;
    const last = batch[batch.length - 1];
    const relevant = batch.filter((e) => handles(projection, e));
    const epoch = this.epochOf(projection.name);
    try {
      await db.transaction(async (trx) => {
        await applyEvents(projection, trx, relevant);
        await advanceCheckpoint(trx, projection.name, epoch, last.position, last.createdAt);
      });
    } catch (error) {
      if (error instanceof LeadershipLost || isDbUnavailable(error) || relevant.length === 0) throw error;
      // Find the poison event: apply one by one, dead-lettering the ones that keep failing.
      for (const event of batch) await this.applyOne(projection, event, epoch);
    }
    metrics?.projectionEvents.inc({ projection: projection.name }, relevant.length);
    for (const event of relevant)
      metrics?.projectionDelay.observe(
        { projection: projection.name },
        Math.max(0, (Date.now() - event.createdAt.getTime()) / 1000),
      );
    this.advanced(projection.name, last.position);
    logger.trace({ projection: projection.name, count: batch.length }, 'projected');
  }

  private async applyOne(projection: Projection, event: RecordedEvent, epoch: number) {
    const { db, logger, metrics } = this.deps;
    const current = this.positions.get(projection.name);
    if (current && current >= event.position) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction(async (trx) => {
          if (handles(projection, event)) await projection.apply(trx, event);
          await advanceCheckpoint(trx, projection.name, epoch, event.position, event.createdAt);
        });
        this.positions.set(projection.name, event.position);
        return;
      } catch (error) {
        if (error instanceof LeadershipLost || isDbUnavailable(error)) throw error;
        if (attempt < 3) {
          await sleep(50 * attempt);
          continue;
        }
        logger.error(
          { err: error, projection: projection.name, eventId: event.id, type: event.type },
          'dead-lettering event',
        );
        metrics?.deadLetters.inc({ projection: projection.name });
        await db.transaction(async (trx) => {
          await trx('projection_dead_letters')
            .insert({
              projection: projection.name,
              position: event.position,
              stream_id: event.streamId,
              event_type: event.type,
              event_id: event.id,
              error: error instanceof Error ? error.message.slice(0, 2000) : String(error),
            })
            .onConflict(['projection', 'event_id'])
            .ignore();
          await advanceCheckpoint(trx, projection.name, epoch, event.position, event.createdAt);
        });
        this.positions.set(projection.name, event.position);
        return;
      }
    }
  }
}

/** The promise's value, or null if it takes longer than `ms` (0: only what is already there). */
function raceTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    if (ms === 0) setImmediate(() => resolve(null));
    else timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
