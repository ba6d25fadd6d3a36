/** Shared test configuration: real PostgreSQL and Redis, one database per test file. */
export const TEST_ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEMPLATE_DB = 'portal_test_template';
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
    ...extra,
  };
}
