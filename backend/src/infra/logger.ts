import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export type Logger = pino.Logger;

/** The request being answered: every line logged while answering it carries its id. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/**
 * pino: one JSON object per line with `time`, redaction of everything secret that could reach a
 * log line, and the `requestId` of the request being answered, whichever logger writes it.
 */
export function createLogger(
  options: { level?: string; name?: string; destination?: pino.DestinationStream } = {},
): Logger {
  return pino(
    {
      name: options.name ?? 'api',
      level: options.level ?? 'info',
      mixin: () => requestScope.getStore() ?? {},
      redact: {
        paths: [
          'password',
          '*.password',
          '*.newPassword',
          '*.currentPassword',
          '*.passcode',
          '*.passwordHash',
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          'headers.cookie',
          'headers.authorization',
          '*.apiKey',
          '*.token',
        ],
        censor: '[redacted]',
      },
      serializers: { err: pino.stdSerializers.err },
    },
    options.destination,
  );
}

/**
 * Failures nothing else catches become one fatal JSON line (and exit 1) instead of Node's
 * multi-line stack trace on stderr.
 */
export function logProcessFailures(logger: Logger) {
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception');
    process.exit(1);
  });
}

const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** True for errors that only mean the client went away before the answer was written. */
export const isClientGone = (error: unknown) => CLIENT_GONE.has((error as NodeJS.ErrnoException)?.code ?? '');
