import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Db } from './db';

/**
 * Knex migrations live in backend/migrations, one file per change, named by timestamp: .ts from
 * source, .js in the compiled server (npm run build:server); the name has no extension.
 */
const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

interface MigrationModule {
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(migrationsDir)
      .filter((f) => /^\d{14}_[\w-]+\.(ts|js)$/.test(f))
      .sort();
  },
  getMigrationName: (file) => file.replace(/\.(ts|js)$/, ''),
  async getMigration(file) {
    const mod = (await import(pathToFileURL(path.join(migrationsDir, file)).href)) as MigrationModule;
    return { up: mod.up, down: mod.down ?? (async () => undefined) };
  },
};

export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}

/** True when every migration file has run (health check). */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  const [, pending] = (await db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
  return pending.length === 0;
}
