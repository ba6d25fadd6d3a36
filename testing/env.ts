import { randomBytes } from 'node:crypto';

/** Shared test configuration: real PostgreSQL and Redis, one database per test file. */
export const TEST_ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Set by globalSetup: the migrated template of this test run (each run has its own). */
export const templateDb = () => {
  const name = process.env.PORTAL_TEST_TEMPLATE;
  if (!name) throw new Error('PORTAL_TEST_TEMPLATE is not set: run the tests through vitest (globalSetup)');
  return name;
};

/** Database names carry their creation time, so leftovers of killed runs can be told apart. */
export const stampedName = (kind: 'test' | 'tpl') =>
  `portal_${kind}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
export const stampOf = (name: string) =>
  parseInt(/^portal_(?:test|tpl)_([0-9a-z]+)_/.exec(name)?.[1] ?? '', 36);
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Environment for a test instance of the API (values only used by tests). */
export function testEnv(databaseName: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl(databaseName),
    REDIS_URL,
    REDIS_PREFIX: `t:${databaseName}:`,
    SESSION_KEYS: 'test-session-key-0123456789abcdef0123456789',
    REGISTRATION_PASSCODE: 'TESTPASS',
    ADMIN_EMAIL: 'admin@portal.test',
    ADMIN_PASSWORD: 'Admin-Password-2026',
    METRICS_TOKEN: 'test-metrics-token-0123456789',
    BCRYPT_COST: '4',
    BCRYPT_THREADS: '1',
    LOG_LEVEL: 'silent',
    // A loaded CI machine may be slow; a real timeout still fails the test.
    READ_YOUR_WRITES_TIMEOUT_MS: '15000',
    // tests send many writes as one user; the per-user write limits have their own test
    WRITES_PER_MINUTE: '1000000',
    WRITE_BYTES_PER_DAY: '1000000000',
    ...extra,
  };
}

/** The secrets of a deployment (docs/OPERATIONS.md): production refuses example values of them. */
export const SECRET_VARIABLES = [
  'SESSION_KEYS',
  'METRICS_TOKEN',
  'STREAM_KEY',
  'ADMIN_PASSWORD',
  'REGISTRATION_PASSCODE',
  'POSTGRES_PASSWORD',
];

/**
 * What an instance started with NODE_ENV=production needs beyond the test settings: secrets of
 * its own (examples are refused) and the TLS proxy in front (one trusted hop).
 */
export function productionSecrets(): Record<string, string> {
  const random = () => randomBytes(32).toString('base64url');
  return {
    SESSION_KEYS: random(),
    METRICS_TOKEN: random(),
    STREAM_KEY: random(),
    ADMIN_PASSWORD: random(),
    REGISTRATION_PASSCODE: random().slice(0, 12),
    TRUSTED_PROXY_HOPS: '1',
  };
}
