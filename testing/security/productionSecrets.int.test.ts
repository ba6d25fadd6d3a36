import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigError, parseConfig } from '../../backend/src/config';
import { weakSecretReason } from '../../backend/src/weakSecrets';
import { createTestDatabase } from '../db';
import { SECRET_VARIABLES, productionSecrets, testEnv } from '../env';
import { waitFor } from '../servers';

/**
 * Issue 13 point 2: with NODE_ENV=production the API refuses to start with an example or weak
 * secret (the worker too), and it listens on 127.0.0.1 unless HOST says otherwise.
 */
const root = path.resolve(__dirname, '../..');
const main = path.join(root, 'backend/src/main.ts');
const workerMain = path.join(root, 'worker/src/main.ts');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** NAME=value lines of .env.example. */
function envExample(): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of read('.env.example').split('\n')) {
    const m = /^([A-Z_]+)=(\S+)/.exec(line);
    if (m) values[m[1]] = m[2];
  }
  return values;
}

/** `${NAME:-default}` defaults of docker-compose.yml. */
function composeDefaults(): Record<string, string> {
  const values: Record<string, string> = {};
  for (const m of read('docker-compose.yml').matchAll(/\$\{([A-Z_]+):-([^}]*)\}/g)) values[m[1]] = m[2];
  return values;
}

const SECRETS = SECRET_VARIABLES;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

// two tests spawn the real process (tsx compiles it first: slow on a loaded machine)
describe('QUALITY 38: production secrets', { timeout: 120_000 }, () => {
  it('knows every example secret the repository publishes', () => {
    const published = [
      ...Object.entries(envExample()),
      ...Object.entries(composeDefaults()),
      ...Object.entries(testEnv('x')),
    ].filter(([name]) => SECRETS.includes(name));
    // README: the documented passcode and admin password
    for (const m of read('README.md').matchAll(
      /`([^`\s]+)` \(`(REGISTRATION_PASSCODE)`\)|\/ `([^`\s]+)` \(`ADMIN_EMAIL`/g,
    ))
      published.push([m[2] ?? 'ADMIN_PASSWORD', m[1] ?? m[3]]);
    expect(published.map(([name]) => name)).toEqual(
      expect.arrayContaining(SECRETS.filter((name) => name !== 'POSTGRES_PASSWORD')),
    );
    // docker-compose.yml publishes no secret at all: it requires each (`make up` writes them to
    // .env); ADMIN_PASSWORD is optional and comes from .env only
    expect(Object.keys(composeDefaults()).filter((name) => SECRETS.includes(name))).toEqual([]);
    for (const name of SECRETS.filter((n) => n !== 'ADMIN_PASSWORD'))
      expect(read('docker-compose.yml')).toContain(`\${${name}:?`);
    for (const [name, value] of published)
      expect(weakSecretReason(value, 'chosen'), `${name}=${value}`).toMatch(/example value/);
  });

  // the API and the worker read one configuration: both refuse (QUALITY 38, "the process")
  it.each([
    ['API', main],
    ['worker', workerMain],
  ])('the %s refuses to start with the example values, naming each, with a non-zero exit', (_, entry) => {
    const example = envExample();
    const cwd = mkdtempSync(path.join(tmpdir(), 'portal-secrets-'));
    const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), entry], {
      cwd,
      env: {
        PATH: process.env.PATH,
        ...example,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/portal',
      },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(result.status).toBe(78);
    for (const name of [
      'SESSION_KEYS',
      'METRICS_TOKEN',
      'STREAM_KEY',
      'ADMIN_PASSWORD',
      'REGISTRATION_PASSCODE',
      'DATABASE_URL',
    ])
      expect(result.stderr).toMatch(new RegExp(`${name}: is an example value`));
    expect(result.stderr).toContain('NODE_ENV=production needs a secret of your own');
    expect(result.stderr).not.toMatch(/\bat .+\.ts:\d+/);
    // the same values are fine for development
    expect(() => parseConfig({ ...example, NODE_ENV: 'development' })).not.toThrow();
  });

  it('refuses well-known weak values and keys that are not random', () => {
    const refused = (extra: Record<string, string>) => {
      try {
        parseConfig(testEnv('x', { NODE_ENV: 'production', ...productionSecrets(), ...extra }));
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.split(':')[0]);
      }
    };
    expect(refused({})).toEqual([]);
    expect(refused({ SESSION_KEYS: `${'a'.repeat(40)},${productionSecrets().SESSION_KEYS}` })).toEqual([
      'SESSION_KEYS',
    ]);
    expect(refused({ METRICS_TOKEN: '0123456789012345' })).toEqual(['METRICS_TOKEN']);
    expect(refused({ ADMIN_PASSWORD: 'MySecretPassword1' })).toEqual(['ADMIN_PASSWORD']);
    expect(refused({ SESSION_KEYS: 'please-change-me-in-production-0123456789' })).toEqual(['SESSION_KEYS']);
    // STREAM_KEY may be left unset outside production only: its default is refused
    const { STREAM_KEY: _own, ...withoutStreamKey } = productionSecrets();
    expect(() => parseConfig(testEnv('x', { NODE_ENV: 'production', ...withoutStreamKey }))).toThrow(
      /STREAM_KEY: is an example value/,
    );
  });

  it('listens on 127.0.0.1 when HOST is not set, in production with secrets of its own', async () => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      ...testEnv(database.name),
      ...productionSecrets(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: '0',
    };
    delete env.HOST;
    const proc = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), main], {
      cwd: mkdtempSync(path.join(tmpdir(), 'portal-host-')),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    try {
      const listening = () =>
        out
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { msg?: string; address?: { address: string; port: number } })
          .find((l) => l.msg === 'API listening');
      await waitFor(async () => listening() !== undefined, 60_000, `API to start (${err.slice(-500)})`);
      const { address } = listening()!;
      expect(address?.address).toBe('127.0.0.1');
      const health = await fetch(`http://127.0.0.1:${address!.port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      await exited;
    }
  });
});
