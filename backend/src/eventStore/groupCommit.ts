/**
 * Group commit: appends that arrive while earlier ones are still being written go to the
 * database together, as one statement and one transaction, instead of one each. Under load a
 * commit (its WAL record and flush, the statement's round trip, its planning) is shared by all
 * the appends that waited for it; when quiet nothing waits: an append finds no batch in flight
 * and goes alone at once.
 *
 * Each caller gets its own outcome (the batch statement answers one row per append, in order).
 * If the batch statement fails on the server (so it rolled back whole), every append in it is
 * sent again alone, so an error a server gives a caller is always its own append's. Any other
 * error (the database could not be reached, a client error) goes to every caller of the batch,
 * and ends the appends sent again alone: nothing can be told about the others. An append that
 * waits longer than `maxWaitMs` for its turn (the batches before it hang) is refused with
 * `waitedTooLong()`, as a caller waiting for a pool connection would be.
 */
export interface GroupCommitOptions<T, R> {
  /** batches being written at once */
  maxInFlight: number;
  /** appends per batch at most */
  maxBatch: number;
  /** how long an append may wait for its turn */
  maxWaitMs: number;
  /** the error for an append that waited longer */
  waitedTooLong(): Error;
  /** writes one append alone */
  one(item: T): Promise<R>;
  /** writes several in one statement; answers one result per item, in order */
  many(items: T[]): Promise<R[]>;
  /** whether the batch statement failed on the server, so each append may be sent again alone */
  rolledBack(error: unknown): boolean;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

export function createGroupCommit<T, R>(options: GroupCommitOptions<T, R>) {
  const waiting: Waiting<T, R>[] = [];
  let inFlight = 0;

  async function write(batch: Waiting<T, R>[]) {
    if (batch.length === 1) return settle(batch[0], options.one(batch[0].item));
    let results: R[];
    try {
      results = await options.many(batch.map((w) => w.item));
    } catch (error) {
      if (!options.rolledBack(error)) return batch.forEach((w) => w.reject(error));
      return oneByOne(batch);
    }
    batch.forEach((w, i) => w.resolve(results[i]));
  }

  /** Each append alone, in order; an error that is not the server's own refusal ends it for the rest. */
  async function oneByOne(batch: Waiting<T, R>[]) {
    for (const [i, w] of batch.entries()) {
      try {
        w.resolve(await options.one(w.item));
      } catch (error) {
        w.reject(error);
        if (!options.rolledBack(error)) return batch.slice(i + 1).forEach((rest) => rest.reject(error));
      }
    }
  }

  function pump() {
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      inFlight++;
      const batch = waiting.splice(0, options.maxBatch);
      batch.forEach((w) => clearTimeout(w.timer));
      void write(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    /** Writes `item` with whatever else is waiting; answers its own result. */
    submit(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        const entry: Waiting<T, R> = {
          item,
          resolve,
          reject,
          timer: setTimeout(() => {
            const at = waiting.indexOf(entry);
            if (at < 0) return; // already sent
            waiting.splice(at, 1);
            reject(options.waitedTooLong());
          }, options.maxWaitMs).unref(), // a waiting append does not keep the process alive
        };
        waiting.push(entry);
        pump();
      });
    },
  };
}

function settle<R>(waiting: Waiting<unknown, R>, result: Promise<R>) {
  return result.then(waiting.resolve, waiting.reject);
}
