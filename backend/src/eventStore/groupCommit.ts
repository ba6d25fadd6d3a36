/**
 * Group commit: appends that arrive while earlier ones are still being written go to the
 * database together, as one statement and one transaction, instead of one each. Under load a
 * commit (its WAL record and flush, the statement's round trip, its planning) is shared by all
 * the appends that waited for it; when quiet nothing waits: an append finds no batch in flight
 * and goes alone at once.
 *
 * Each caller gets its own outcome (the batch statement answers one row per append, in order).
 * If the batch statement fails on the server (so it rolled back whole), every append in it is
 * sent again alone, so an error a caller sees is always its own append's; an error that says
 * the database could not be reached is not retried (nothing can be told about the others).
 */
export interface GroupCommitOptions<T, R> {
  /** batches being written at once, per key */
  maxInFlight: number;
  /** appends per batch at most */
  maxBatch: number;
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
      for (const w of batch) await settle(w, options.one(w.item));
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]));
  }

  function pump() {
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      inFlight++;
      void write(waiting.splice(0, options.maxBatch)).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    /** Writes `item` with whatever else is waiting; answers its own result. */
    submit(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        pump();
      });
    },
  };
}

function settle<R>(waiting: Waiting<unknown, R>, result: Promise<R>) {
  return result.then(waiting.resolve, waiting.reject);
}
