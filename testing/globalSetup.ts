import pg from 'pg';
import { TEMPLATE_DB, TEST_ADMIN_URL, databaseUrl } from './env';

/**
 * Once per test run: build a migrated template database; each integration test file then
 * clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export default async function setup() {
  const admin = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'portal_test_%' and datname <> $1",
      [TEMPLATE_DB],
    );
    for (const { datname } of stale.rows) {
      // Leftovers of killed runs; a database in use by a parallel run stays.
      await admin.query(`drop database if exists "${datname}"`).catch(() => undefined);
    }
    await admin.query(`drop database if exists "${TEMPLATE_DB}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  const { createDb } = await import('../backend/src/infra/db');
  const { migrateLatest } = await import('../backend/src/infra/migrate');
  const db = createDb({ connectionString: databaseUrl(TEMPLATE_DB) });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
}
