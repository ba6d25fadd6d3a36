import pg from 'pg';
import type { Db } from '../infra/db';
import type { Logger } from '../infra/logger';
import { type PacedSender, createPacedSender } from '../infra/pacedSender';

const CHANNEL = 'projection_progress';
/** At most one NOTIFY per projection per this many ms (other processes learn a position at most this late). */
const PUBLISH_GAP_MS = 25;

/**
 * Projection progress between processes, over PostgreSQL LISTEN/NOTIFY on the read models'
 * database: a leader publishes each position it reaches (paced per projection: at most one
 * NOTIFY in flight and one per PUBLISH_GAP_MS, the newest position wins); every process listens,
 * reconnecting with backoff, and re-reads the stored checkpoints after each (re)connection, when
 * notifications may have been missed.
 */
export class ProgressChannel {
  private client: pg.Client | null = null;
  private stopped = false;
  private loop: Promise<void> | null = null;
  /** one per projection: each has its own pacing */
  private readonly senders = new Map<string, PacedSender<string>>();
  private wakeLoop: (() => void) | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly onProgress: (name: string, position: string) => void,
  ) {}

  start(onConnected: () => Promise<void>) {
    this.loop ??= this.listen(onConnected);
  }

  async stop() {
    this.stopped = true;
    this.wakeLoop?.();
    await this.client?.end().catch(() => undefined);
    await this.loop?.catch(() => undefined);
  }

  publish(name: string, position: string) {
    let sender = this.senders.get(name);
    if (!sender) {
      sender = createPacedSender<string>({
        gapMs: PUBLISH_GAP_MS,
        send: (newest) =>
          this.db
            .raw('select pg_notify(?, ?)', [CHANNEL, `${name} ${newest}`])
            .catch((err) => this.logger.debug({ err, projection: name }, 'progress not published')),
      });
      this.senders.set(name, sender);
    }
    sender.offer(position);
  }

  private async listen(onConnected: () => Promise<void>) {
    let backoff = 100;
    while (!this.stopped) {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      const closed = new Promise<void>((resolve) => {
        client.on('error', () => resolve());
        client.on('end', () => resolve());
        this.wakeLoop = resolve;
      });
      client.on('notification', (message) => {
        const [name, position] = (message.payload ?? '').split(' ');
        if (name && position) this.onProgress(name, position);
      });
      try {
        await client.connect();
        await client.query(`listen ${CHANNEL}`);
        this.client = client;
        backoff = 100;
        await onConnected().catch(() => undefined);
        await closed;
      } catch (err) {
        this.logger.debug({ err }, 'progress listener unavailable');
      }
      this.client = null;
      await client.end().catch(() => undefined);
      if (this.stopped) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoff);
        this.wakeLoop = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      backoff = Math.min(backoff * 2, 5_000);
    }
  }
}
