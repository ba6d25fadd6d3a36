/**
 * Secrets a production deployment may not use (issue 13): the example values published with the
 * code (.env.example, README, docker-compose.yml defaults, the test and bench set-ups) and
 * values that are weak on their face. `testing/security/productionSecrets.int.test.ts` reads
 * those files, so a new example value there fails the test until it is listed here.
 */
const EXAMPLE_SECRETS: readonly string[] = [
  // .env.example and README
  'local-dev-session-key-change-me-0000000000',
  'local-dev-metrics-token-000000',
  'local-dev-stream-key-change-me-000000000000',
  'ChangeMe-Admin-2026!',
  'FEELGREAT2026',
  // former docker-compose.yml defaults (the file now requires every secret: make up generates them)
  'compose-local-key-change-me',
  'compose-local-metrics-token',
  'compose-local-stream-key-change-me',
  'postgres',
  // testing/env.ts and bench/setup.ts
  'test-session-key-0123456789abcdef0123456789',
  'test-metrics-token-0123456789',
  // STREAM_KEY's default outside production (backend/src/config.ts)
  'development-stream-key-not-a-secret-000000',
  'Admin-Password-2026',
  'TESTPASS',
  'bench-session-key-0123456789abcdef0123456789',
  'bench-metrics-token-0123456789',
  'Bench-Password-2026',
  'BENCHPASS',
];

const examples = new Set(EXAMPLE_SECRETS.map((s) => s.toLowerCase()));

/** Words that mark a placeholder rather than a chosen secret. */
const PLACEHOLDER =
  /change.?me|example|sample|placeholder|dummy|default|secret|password|passw0rd|letmein|admin123|qwerty|123456/i;

/**
 * Why a secret must not be used in production, or null when nothing is wrong with it.
 * `generated` secrets (keys and tokens a machine reads) must also look random: at least 10
 * distinct characters.
 */
export function weakSecretReason(value: string, kind: 'generated' | 'chosen'): string | null {
  if (examples.has(value.toLowerCase()))
    return 'is an example value published with the code (.env.example, README, docker-compose.yml, tests)';
  if (PLACEHOLDER.test(value)) return 'looks like a placeholder or a well-known weak value';
  if (kind === 'generated' && new Set(value).size < 10)
    return 'is too regular to be random (fewer than 10 different characters)';
  return null;
}
