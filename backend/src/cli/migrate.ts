import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { createDb } from '../infra/db';
import { migrateLatest } from '../infra/migrate';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const db = createDb({ connectionString: config.DATABASE_URL });
try {
  const applied = await migrateLatest(db);
  console.log(
    applied.length
      ? `applied ${applied.length} migration(s): ${applied.join(', ')}`
      : 'database is up to date',
  );
} finally {
  await db.destroy();
}
