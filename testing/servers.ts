import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A private Redis server on a spare port that a test may stop and start again. */
export async function startPrivateRedis() {
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const start = async () => {
    proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(() => canConnect(port), 10_000, 'private redis');
  };
  const stop = async () => {
    if (!proc) return;
    const p = proc;
    proc = null;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop };
}

function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort().reverse() : [];
  for (const v of versions) {
    const p = path.join(base, v, 'bin', name);
    if (existsSync(p)) return p;
  }
  return name;
}

/**
 * A private PostgreSQL server (its own data directory and port). initdb refuses to run as
 * root, so as root it runs as the `postgres` system user.
 */
export async function startPrivatePostgres() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', pgBin(bin), ...args], { stdio: 'ignore' })
      : execFileSync(pgBin(bin), args, { stdio: 'ignore' });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  let proc: ChildProcess | null = null;
  const start = async () => {
    const args = [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
    ];
    proc = asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', pgBin('postgres'), ...args], { stdio: 'ignore' })
      : spawn(pgBin('postgres'), args, { stdio: 'ignore' });
    await waitFor(() => canConnect(port), 20_000, 'private postgres');
    await new Promise((r) => setTimeout(r, 300));
  };
  const stop = async () => {
    if (!proc) return;
    const p = proc;
    proc = null;
    // Immediate shutdown: like a crash or a restart by the operator.
    if (asRoot)
      execFileSync(
        'runuser',
        ['-u', 'postgres', '--', pgBin('pg_ctl'), '-D', data, '-m', 'immediate', 'stop'],
        { stdio: 'ignore' },
      );
    else execFileSync(pgBin('pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], { stdio: 'ignore' });
    await new Promise<void>((resolve) => (p.exitCode !== null ? resolve() : p.once('exit', () => resolve())));
  };
  await start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The real API as a child process (backend/src/main.ts), for crash, outage and shutdown tests. */
export async function spawnApi(env: Record<string, string>) {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), 'backend/src/main.ts'], {
    env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  proc.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  await waitFor(
    async () => (await fetch(`${url}/api/health`)).status === 200,
    60_000,
    `API to start (${stderr.slice(-500)})`,
  );
  return { url, proc, exited, stderr: () => stderr, stdout: () => stdout };
}

/** GET /metrics of a worker's listener, with the bearer token it was started with (METRICS_TOKEN). */
export const workerMetrics = (port: number, token: string) =>
  fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });

/** The real worker as a child process (worker/src/main.ts); ready once its /metrics answers. */
export async function spawnWorker(env: Record<string, string>) {
  const metricsPort = await freePort();
  const proc = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), 'worker/src/main.ts'], {
    env: { PATH: process.env.PATH, ...env, WORKER_METRICS_PORT: String(metricsPort) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  await waitFor(
    async () => (await workerMetrics(metricsPort, env.METRICS_TOKEN)).status === 200,
    60_000,
    `worker to start (${stderr.slice(-500)})`,
  );
  return { proc, exited, metricsPort, stderr: () => stderr };
}
