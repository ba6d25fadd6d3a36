import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { createDb } from '../infra/db';
import { keptResetLink } from '../mail/keptResetLink';

/**
 * npm run mail:reset-link -- <e-mail>: prints the newest forgotten-password link kept in the
 * outbox for that address (no SMTP_URL: the outbox is the delivery). The console shows such links
 * hidden, so that no admin can take over a partner's account; whoever can read the database from
 * the server's shell can use this. See docs/decisions/mail.md.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const email = process.argv[2];
if (!email) {
  console.error('usage: npm run mail:reset-link -- <e-mail>');
  process.exit(64);
}
const db = createDb({ connectionString: loadConfig().DATABASE_URL });
try {
  const link = await keptResetLink(db, email);
  if (link) console.log(link);
  else {
    console.error(`no forgotten-password link kept for ${email} (none asked, or it went by SMTP)`);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
