import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { weakSecretReason } from './weakSecrets';
import { PRODUCT_NAME } from './brand';

/**
 * Configuration, parsed once from the environment. A bad value stops the process with a
 * message naming every bad variable (see `loadConfig`).
 */
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean),
);

/** Outside production STREAM_KEY may be left unset; production refuses this value (a placeholder). */
const DEVELOPMENT_STREAM_KEY = 'development-stream-key-not-a-secret-000000';

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** loopback unless set: a container or a host that must be reached from outside sets it (0.0.0.0) */
    HOST: z.string().default('127.0.0.1'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/portal'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
    /** key prefix for everything this deployment keeps in Redis (tests use one per file) */
    REDIS_PREFIX: z.string().default('portal:'),
    EVENTSTORE_URL: z
      .string()
      .regex(/^esdb(\+discover)?:\/\//, 'must be an esdb:// connection string')
      .optional(),
    SESSION_KEYS: csv.pipe(z.array(z.string().min(32, 'each key needs at least 32 characters')).min(1)),
    /**
     * key of the HMAC that names e-mail reservation streams (`Email-<hmac>`); never change it
     * once a database uses it (docs/decisions/sign-in.md); production needs its own
     */
    STREAM_KEY: z.string().min(32, 'needs at least 32 characters').default(DEVELOPMENT_STREAM_KEY),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(720),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(168),
    /** admins' sessions are shorter (issue 13, ASVS 7.3.1/7.3.2): idle minutes and absolute hours */
    ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
    ADMIN_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(8),
    /**
     * keys that encrypt second-factor secrets at rest (the first encrypts, any decrypts); unset:
     * SESSION_KEYS. Keep a key here as long as secrets made under it must open.
     */
    SECOND_FACTOR_KEYS: csv
      .pipe(z.array(z.string().min(32, 'each key needs at least 32 characters')).min(1))
      .optional(),
    /** Secure cookies; on by default in production */
    COOKIE_SECURE: bool.optional(),
    /** number of trusted proxy hops in front of the API (0: use the socket address) */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
    REGISTRATION_PASSCODE: z.string().min(4),
    ADMIN_EMAIL: z.email().transform((e) => e.toLowerCase()),
    ADMIN_PASSWORD: z.string().min(12, 'must have at least 12 characters').optional(),
    METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters'),
    /** optional separate listener for /metrics without a token (bind it to a private interface) */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** the worker's /metrics listener (bearer METRICS_TOKEN, like the API's); a taken port stops the worker */
    WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).default(9465),
    /** the worker's metrics interface; unset: HOST (loopback unless HOST says otherwise) */
    WORKER_METRICS_HOST: z.string().optional(),
    /**
     * how long a command waits for its change to reach the asynchronous read models; past it the
     * command answers from its own result (never an error)
     */
    READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** false: this process never leads a projection, it only follows the leaders' progress */
    RUN_PROJECTIONS: bool.default(true),
    /** state-changing requests a signed-in user may send per minute (issue 13) */
    WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** bytes of request bodies a signed-in user may send in state-changing requests per day */
    WRITE_BYTES_PER_DAY: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1024 * 1024),
    BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
    /** bcrypt worker threads; by default one core is left for the event loop and the database */
    BCRYPT_THREADS: z.coerce
      .number()
      .int()
      .min(1)
      .max(16)
      .default(Math.max(1, availableParallelism() - 1)),
    SERVE_BUNDLES: bool,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MAILCHIMP_API_KEY: z.string().optional(),
    MAILCHIMP_SERVER_PREFIX: z.string().optional(),
    MAILCHIMP_AUDIENCE_ID: z.string().optional(),
    /** tests point the real client at a loopback server */
    MAILCHIMP_BASE_URL: z.url().optional(),
    GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
    GOOGLE_API_KEY: z.string().optional(),
    GOOGLE_API_ROOT_URL: z.url().optional(),
    DRIVE_ROOT_FOLDER_ID: z.string().optional(),
    YOUTUBE_PLAYLIST_ID: z.string().optional(),
    /** the external advanced academy and its course page (spec: Academy hub); unset: the buttons are not shown */
    ADVANCED_ACADEMY_URL: z.url({ protocol: /^https$/ }).optional(),
    COURSE_PURCHASE_URL: z.url({ protocol: /^https$/ }).optional(),
    /** outgoing mail server (smtp:// or smtps://, user and password in the URL); unset: the outbox keeps every message */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    /** the sender of every message */
    MAIL_FROM: z.string().default(`${PRODUCT_NAME} <no-reply@portal.invalid>`),
    /** the address people open the portal at, for links in e-mails (never taken from a request's Host) */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production') {
      const secrets: [string, string | undefined, 'generated' | 'chosen'][] = [
        ...c.SESSION_KEYS.map((key): [string, string, 'generated'] => ['SESSION_KEYS', key, 'generated']),
        ...(c.SECOND_FACTOR_KEYS ?? []).map((key): [string, string, 'generated'] => [
          'SECOND_FACTOR_KEYS',
          key,
          'generated',
        ]),
        ['METRICS_TOKEN', c.METRICS_TOKEN, 'generated'],
        ['STREAM_KEY', c.STREAM_KEY, 'generated'],
        ['ADMIN_PASSWORD', c.ADMIN_PASSWORD, 'chosen'],
        ['REGISTRATION_PASSCODE', c.REGISTRATION_PASSCODE, 'chosen'],
        ['DATABASE_URL', databasePassword(c.DATABASE_URL), 'chosen'],
      ];
      for (const [name, value, kind] of secrets) {
        const reason = value === undefined ? null : weakSecretReason(value, kind);
        if (reason)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${reason}; NODE_ENV=production needs a secret of your own (docs/OPERATIONS.md)`,
          });
      }
    }
    // Secure cookies need HTTPS, which a TLS proxy in front provides (the API speaks plain HTTP):
    // without a trusted proxy every answer that sets a cookie would fail.
    if ((c.COOKIE_SECURE ?? c.NODE_ENV === 'production') && c.TRUSTED_PROXY_HOPS === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['TRUSTED_PROXY_HOPS'],
        message:
          'Secure cookies (NODE_ENV=production) need HTTPS: serve the API behind your TLS proxy and set TRUSTED_PROXY_HOPS to the number of proxies in front (usually 1), or set COOKIE_SECURE=false for a plain-HTTP trial (docs/OPERATIONS.md)',
      });
    const mailchimp = [c.MAILCHIMP_API_KEY, c.MAILCHIMP_SERVER_PREFIX, c.MAILCHIMP_AUDIENCE_ID];
    if (mailchimp.some(Boolean) && !mailchimp.every(Boolean)) {
      for (const key of ['MAILCHIMP_API_KEY', 'MAILCHIMP_SERVER_PREFIX', 'MAILCHIMP_AUDIENCE_ID'] as const) {
        if (!c[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'required when any MAILCHIMP_* is set' });
      }
    }
  });

/** The password in a connection URL, if any. */
function databasePassword(url: string): string | undefined {
  const password = decodeURIComponent(new URL(url).password);
  return password || undefined;
}

/** The name of every setting the API and the worker read. */
export const SETTING_NAMES: readonly string[] = Object.keys(configSchema.shape);

export type Config = z.output<typeof configSchema> & { cookieSecure: boolean };

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '(environment)');
      const missing = cleaned[name] === undefined;
      const message = issue.code === 'invalid_type' && missing ? 'is required' : issue.message;
      return `${name}: ${message}`;
    });
    throw new ConfigError(problems);
  }
  const config = result.data;
  return { ...config, cookieSecure: config.COOKIE_SECURE ?? config.NODE_ENV === 'production' };
}

/** Parses process.env, printing every problem and exiting when the configuration is bad. */
export function loadConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
