import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { buildRuntime } from '../app/bootstrap';
import { handleCommand } from '../app/commandHandler';
import { findUserByEmail } from '../app/users';
import { userDecider, userStream } from '../domain/user/decider';

/**
 * npm run second-factor:reset -- <e-mail>: removes an account's second factor from the server's
 * shell, for the one case the console cannot help with: the only admin lost both the
 * authenticator and the recovery codes. Recorded as `SecondFactorReset` (by admin, actor none,
 * correlation id `cli-second-factor-reset`); the account's sessions end and it sets up a new
 * second factor at its next sign-in. See docs/OPERATIONS.md.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const email = process.argv[2];
if (!email) {
  console.error('usage: npm run second-factor:reset -- <e-mail>');
  process.exit(64);
}
const runtime = buildRuntime(loadConfig(), { service: 'cli' });
try {
  const user = await findUserByEmail(runtime.deps.db, email);
  if (!user) throw new Error(`no account with the e-mail ${email}`);
  await handleCommand(
    runtime.deps.store,
    userStream(user.id),
    userDecider,
    { type: 'ResetSecondFactor', by: 'admin' },
    { actorId: null, correlationId: 'cli-second-factor-reset' },
  );
  const ended = await runtime.deps.sessions.revokeUser(user.id);
  console.log(`second factor of ${email} removed; ${ended} session(s) ended`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
