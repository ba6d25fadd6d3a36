import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { buildRuntime } from '../app/bootstrap';
import { addressesOnRecord, rekeyEmailStreams } from '../features/auth/emailStreams';

/**
 * npm run streams:rekey-emails: once after upgrading a database from before STREAM_KEY. Moves
 * each `Email-<sha256>` reservation stream to its keyed name `Email-<hmac>` and deletes the old
 * one (docs/OPERATIONS.md). Safe while the portal runs (reservations consult the old names until
 * they are gone) and safe to run again.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const runtime = buildRuntime(loadConfig(), { service: 'rekey-email-streams' });
try {
  const addresses = await addressesOnRecord(runtime.deps);
  const report = await rekeyEmailStreams(runtime.deps, addresses);
  console.log(
    `e-mail reservation streams: ${addresses.size} addresses on record, ${report.found} legacy streams found, ` +
      `${report.moved} moved to keyed names, ${report.alreadyKeyed} already keyed (legacy removed)`,
  );
} finally {
  await runtime.close();
}
