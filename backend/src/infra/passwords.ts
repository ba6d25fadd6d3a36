import path from 'node:path';
import { Piscina } from 'piscina';

/** bcrypt hashing in a worker-thread pool, so a burst of logins never blocks the event loop. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** a hash made with a lower cost than configured should be replaced at next sign-in */
  needsRehash(hash: string): boolean;
  /** runs a compare against a fixed hash, so unknown accounts cost the same time */
  dummyVerify(password: string): Promise<void>;
  close(): Promise<void>;
}

// A valid cost-12 hash of a random string: compares against it always fail.
const DUMMY_HASH = '$2b$12$C6UzMDM.H6dfI/f/IKcEeO5bPzV2UkoPR0Bzu6w3P6j6T3fxGK2Z2';

export const bcryptCost = (hash: string) => Number(/^\$2[aby]\$(\d{2})\$/.exec(hash)?.[1] ?? 0);

export function createPasswordHasher(options: { cost: number; threads: number }): PasswordHasher {
  const pool = new Piscina({
    // .ts from source (tsx), .js in the compiled server (npm run build:server)
    filename: new URL(`./bcryptWorker${path.extname(import.meta.url)}`, import.meta.url).href,
    minThreads: 1,
    maxThreads: options.threads,
    idleTimeout: 60_000,
  });
  return {
    hash: (password) => pool.run({ op: 'hash', password, cost: options.cost }) as Promise<string>,
    verify: (password, hash) => pool.run({ op: 'compare', password, hash }) as Promise<boolean>,
    needsRehash: (hash) => bcryptCost(hash) < options.cost,
    async dummyVerify(password) {
      await pool.run({ op: 'compare', password, hash: DUMMY_HASH });
    },
    close: () => pool.destroy(),
  };
}
