import pg from 'pg';
import { TEST_ADMIN_URL, databaseUrl, stampedName, templateDb } from './env';

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = stampedName('test');
  await withAdmin(async (admin) => {
    // Cloning needs the template to have no other sessions; retry briefly if one is closing.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${templateDb()}"`);
        return;
      } catch (error) {
        if (attempt > 20) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  return {
    name,
    url: databaseUrl(name),
    drop: () =>
      withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  };
}
