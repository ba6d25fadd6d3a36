import pg from 'pg';
import { TEST_ADMIN_URL, databaseUrl, stampOf, stampedName } from './env';

const STALE_MS = 2 * 3_600_000;

/**
 * Once per test run: build a migrated template database of this run's own; each integration
 * test file then clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds. Several
 * runs may share a server: each keeps to its own template and only leftovers older than two
 * hours (of killed runs) are removed.
 */
export default async function setup() {
  const template = stampedName('tpl');
  process.env.PORTAL_TEST_TEMPLATE = template;
  const admin = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    const all = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^portal_(test|tpl)_'",
    );
    for (const { datname } of all.rows) {
      const stamp = stampOf(datname);
      if (Number.isNaN(stamp) || Date.now() - stamp > STALE_MS) {
        await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
      }
    }
    await admin.query(`create database "${template}"`);
  } finally {
    await admin.end();
  }
  const { createDb } = await import('../backend/src/infra/db');
  const { migrateLatest } = await import('../backend/src/infra/migrate');
  const db = createDb({ connectionString: databaseUrl(template) });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  return async function teardown() {
    const client = new pg.Client({ connectionString: TEST_ADMIN_URL });
    await client.connect();
    await client.query(`drop database if exists "${template}" with (force)`).catch(() => undefined);
    await client.end();
  };
}
