import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Db } from '../infra/db';
import { isDbUnavailable } from '../infra/db';
import type { Logger } from '../infra/logger';
import type { Metrics } from '../infra/metrics';
import type { EventStore, RecordedEvent } from '../eventStore/port';
import { type Projection, applyEvents, handles } from './projection';

export interface ProjectionHostDeps {
  db: Db;
  store: EventStore;
  logger: Logger;
  metrics?: Metrics;
  /** connection string for the leader-lock connection */
  databaseUrl: string;
  batchSize?: number;
  /** how long a read-your-writes wait may take before answering 503 (ms) */
  waitTimeoutMs?: number;
}

export class ProjectionTimeout extends Error {
  override name = 'ProjectionTimeout';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lockKey = (name: string) => `projection:${name}`;

/** Reads the checkpoint of a projection (null: nothing applied yet). */
export async function readCheckpoint(db: Db, name: string): Promise<string | null> {
  const row = await db('projection_checkpoints').where({ name }).first('position');
  return row?.position ?? null;
}

export async function writeCheckpoint(db: Db, name: string, position: string, lastEventAt: Date | null) {
  await db('projection_checkpoints')
    .insert({ name, position, updated_at: db.fn.now(), last_event_at: lastEventAt })
    .onConflict('name')
    .merge();
}

/**
 * Runs projections: one loop per projection, each subscribed to all events from its stored
 * checkpoint. Only one process runs a given projection at a time (a PostgreSQL session
 * advisory lock); the others just follow the checkpoints for read-your-writes waits.
 */
export class ProjectionHost {
  private readonly emitter = new EventEmitter();
  private readonly positions = new Map<string, string | null>();
  private readonly abort = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private lockClient: pg.Client | null = null;
  private readonly led = new Set<string>();
  private readonly lastCheckpointAt = new Map<string, number>();

  private checkpointDue(name: string) {
    return Date.now() - (this.lastCheckpointAt.get(name) ?? 0) > 1_000;
  }

  constructor(
    private readonly deps: ProjectionHostDeps,
    readonly projections: Projection[],
  ) {
    this.emitter.setMaxListeners(0);
  }

  start() {
    for (const projection of this.projections) this.loops.push(this.run(projection));
  }

  async stop() {
    this.abort.abort();
    this.emitter.emit('stop');
    await Promise.allSettled(this.loops);
    const client = await this.lockClientPromise?.catch(() => null);
    await client?.end().catch(() => undefined);
    this.lockClient = null;
    this.lockClientPromise = null;
    this.led.clear();
  }

  /** Positions applied so far, per projection (for health and metrics). */
  status() {
    return this.projections.map((p) => ({
      name: p.name,
      position: this.positions.get(p.name) ?? null,
      leader: this.led.has(p.name),
    }));
  }

  /**
   * Read-your-writes: resolves once every projection (or the named ones) has passed
   * `position`; rejects with ProjectionTimeout after `timeoutMs`.
   */
  async waitFor(position: string, options: { names?: string[]; timeoutMs?: number } = {}): Promise<void> {
    const names = options.names ?? this.projections.map((p) => p.name);
    const deadline = Date.now() + (options.timeoutMs ?? this.deps.waitTimeoutMs ?? 5_000);
    const reached = () => names.every((n) => (this.positions.get(n) ?? '') >= position);
    while (!reached()) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new ProjectionTimeout(`Projections did not reach ${position} in time`);
      // Local runners announce progress; runners in another process are polled.
      const local = names.every((n) => this.led.has(n));
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.emitter.off('advanced', done);
          resolve();
        };
        const timer = setTimeout(done, local ? remaining : Math.min(remaining, 25));
        this.emitter.on('advanced', done);
      });
      if (!local) await this.refreshFromDb(names);
    }
  }

  private async refreshFromDb(names: string[]) {
    const rows = await this.deps
      .db('projection_checkpoints')
      .whereIn('name', names)
      .select('name', 'position');
    for (const row of rows) if (!this.led.has(row.name)) this.positions.set(row.name, row.position);
  }

  private lockClientPromise: Promise<pg.Client> | null = null;

  /** One session for all leader locks of this host (created once, even when asked concurrently). */
  private lockSession(): Promise<pg.Client> {
    this.lockClientPromise ??= (async () => {
      const client = new pg.Client({ connectionString: this.deps.databaseUrl });
      client.on('error', () => {
        // The session (and with it every lock) is gone: give up leadership everywhere.
        if (this.lockClient === client) this.lockClient = null;
        this.lockClientPromise = null;
        this.led.clear();
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

  private lockQueue: Promise<unknown> = Promise.resolve();

  /** Tries to take the projection's leader lock; queries on the shared session run one at a time. */
  private acquireLeadership(name: string): Promise<boolean> {
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
          const leader = await this.acquireLeadership(projection.name).catch(() => false);
          if (!leader) {
            this.positions.set(projection.name, await readCheckpoint(this.deps.db, projection.name));
            await this.sleepUnlessStopped(1_000);
            continue;
          }
          this.led.add(projection.name);
        }
        await this.follow(projection);
        backoff = 100;
      } catch (error) {
        if (signal.aborted) break;
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

  /** Subscribes from the checkpoint and applies events in batches until stopped or failed. */
  private async follow(projection: Projection) {
    const { db, store } = this.deps;
    const batchSize = this.deps.batchSize ?? 200;
    const checkpoint = await readCheckpoint(db, projection.name);
    this.positions.set(projection.name, checkpoint);
    this.emitter.emit('advanced');
    const subscription = store.subscribeToAll({ after: checkpoint });
    const onStop = () => void subscription.close();
    this.emitter.once('stop', onStop);
    const iterator = subscription[Symbol.asyncIterator]();
    try {
      let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
      while (!this.abort.signal.aborted) {
        const batch: RecordedEvent[] = [];
        pending ??= iterator.next();
        const first = await pending;
        pending = null;
        if (first.done) return;
        batch.push(first.value);
        // Take whatever is already buffered without waiting for more.
        while (batch.length < batchSize) {
          pending = iterator.next();
          const next = await Promise.race([pending, new Promise<null>((r) => setImmediate(() => r(null)))]);
          if (next === null) break;
          pending = null;
          if (next.done) break;
          batch.push(next.value);
        }
        await this.applyBatch(projection, batch);
      }
    } finally {
      this.emitter.off('stop', onStop);
      await subscription.close().catch(() => undefined);
    }
  }

  private async applyBatch(projection: Projection, batch: RecordedEvent[]) {
    const { db, metrics, logger } = this.deps;
    const last = batch[batch.length - 1];
    const relevant = batch.filter((e) => handles(projection, e));
    if (relevant.length === 0 && !this.checkpointDue(projection.name)) {
      // Nothing to apply: move on in memory; the checkpoint is written now and then (re-reading
      // a few unrelated events after a restart costs nothing).
      this.positions.set(projection.name, last.position);
      this.emitter.emit('advanced');
      return;
    }
    this.lastCheckpointAt.set(projection.name, Date.now());
    try {
      await db.transaction(async (trx) => {
        await applyEvents(projection, trx, relevant);
        await writeCheckpoint(trx as unknown as Db, projection.name, last.position, last.createdAt);
      });
    } catch (error) {
      if (isDbUnavailable(error) || relevant.length === 0) throw error;
      // Find the poison event: apply one by one, dead-lettering the ones that keep failing.
      for (const event of batch) await this.applyOne(projection, event);
    }
    metrics?.projectionEvents.inc({ projection: projection.name }, relevant.length);
    metrics?.projectionLag.set(
      { projection: projection.name },
      Math.max(0, (Date.now() - last.createdAt.getTime()) / 1000),
    );
    this.positions.set(projection.name, last.position);
    this.emitter.emit('advanced');
    logger.trace({ projection: projection.name, count: batch.length }, 'projected');
  }

  private async applyOne(projection: Projection, event: RecordedEvent) {
    const { db, logger, metrics } = this.deps;
    const current = this.positions.get(projection.name);
    if (current && current >= event.position) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction(async (trx) => {
          if (handles(projection, event)) await projection.apply(trx, event);
          await writeCheckpoint(trx as unknown as Db, projection.name, event.position, event.createdAt);
        });
        this.positions.set(projection.name, event.position);
        return;
      } catch (error) {
        if (isDbUnavailable(error)) throw error;
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
          await writeCheckpoint(trx as unknown as Db, projection.name, event.position, event.createdAt);
        });
        this.positions.set(projection.name, event.position);
        return;
      }
    }
  }
}
