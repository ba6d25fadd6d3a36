import pino from 'pino';

export type Logger = pino.Logger;

/** pino with redaction of everything secret that could reach a log line. */
export function createLogger(
  options: { level?: string; name?: string; destination?: pino.DestinationStream } = {},
): Logger {
  return pino(
    {
      name: options.name ?? 'api',
      level: options.level ?? 'info',
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
