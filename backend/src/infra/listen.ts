import type http from 'node:http';
import type { Logger } from './logger';

/**
 * Starts listening; when the port cannot be taken (in use, not allowed) logs one fatal line
 * naming the setting to change and ends the process with exit code 1: a process that runs on
 * unobserved or unreachable is worse than one that does not start.
 */
export async function listenOrExit(
  server: http.Server,
  where: { port: number; host: string; setting: string },
  logger: Logger,
): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(where.port, where.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    logger.fatal(
      { err: error, port: where.port, host: where.host },
      `cannot listen on ${where.host}:${where.port} (${code}); set ${where.setting} to a free port`,
    );
    logger.flush?.();
    process.exit(1);
  }
}
