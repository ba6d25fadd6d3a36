import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../backend/src/config';
import { SECRET_VARIABLES } from '../env';
import {
  type ComposeFile,
  interpolateAll,
  parseEnvFile,
  publishedPorts,
  readCompose,
  serviceEnvironment,
} from './composeFile';

/**
 * Issue 14 point 3, without a Docker engine: docker-compose.yml (and the development services
 * file) against the official compose-spec JSON schema (ops/compose/compose-spec.json), and the
 * environment of every app service, after the .env `make up` writes and Compose's interpolation,
 * against the app's own configuration schema; the compose Prometheus reaches both targets; no
 * published port clashes with the PostgreSQL and Redis of `make start`; `make up` checks the
 * Compose version.
 */
const root = path.resolve(__dirname, '../..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-compose-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const SECRETS = SECRET_VARIABLES;

/** Runs ops/compose-env.sh on the given .env file (created when missing). */
function composeEnv(envFile: string) {
  const result = spawnSync('bash', [path.join(root, 'ops/compose-env.sh')], {
    env: { PATH: process.env.PATH, ENV_FILE: envFile },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return { output: result.stdout + result.stderr, env: parseEnvFile(readFileSync(envFile, 'utf8')) };
}

const validateCompose = (() => {
  const schema = JSON.parse(readFileSync(path.join(root, 'ops/compose/compose-spec.json'), 'utf8')) as object;
  // The schema names draft-07 by an https address ajv does not know; its keywords are draft-07's.
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
  return ajv.compile(schema);
})();
const schemaErrors = (doc: unknown) =>
  validateCompose(doc) ? [] : (validateCompose.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

describe('docker-compose.yml without an engine', () => {
  const compose = readCompose(path.join(root, 'docker-compose.yml'));
  const envFile = path.join(tempDir(), '.env');
  const { env: dotEnv } = composeEnv(envFile);
  const resolved = interpolateAll(compose, dotEnv);
  const appServices = Object.entries(resolved.services).filter(
    ([, s]) => s.image === 'partner-portal-app:local',
  );

  it('follows the compose-spec schema, as written and after interpolation; so does the development services file', () => {
    expect(schemaErrors(compose)).toEqual([]);
    expect(schemaErrors(resolved)).toEqual([]);
    expect(schemaErrors(readCompose(path.join(root, 'ops/compose/dev-services.yml')))).toEqual([]);
    // the validator does refuse a broken file
    expect(
      schemaErrors({ services: { api: { image: 'x', ports: 3000, restart: 'sometimes' } } }),
    ).not.toEqual([]);
  });

  it("gives every app service an environment the app's configuration schema accepts (production)", () => {
    expect(appServices.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'worker']);
    for (const [name, service] of appServices) {
      const env = serviceEnvironment(service, dotEnv);
      expect(env.NODE_ENV, name).toBe('production');
      const config = (() => {
        try {
          return parseConfig(env);
        } catch (error) {
          throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
        }
      })();
      expect(config.DATABASE_URL, name).toMatch(/@postgres:5432\//);
      expect(config.SESSION_KEYS[0], name).toBe(dotEnv.SESSION_KEYS);
      expect(config.HOST, name).toBe('0.0.0.0');
    }
  });

  it('stops with the name of a missing secret rather than starting on a default', () => {
    expect(() => interpolateAll(compose, {})).toThrow(/POSTGRES_PASSWORD|SESSION_KEYS|METRICS_TOKEN/);
    for (const name of [
      'SESSION_KEYS',
      'METRICS_TOKEN',
      'REGISTRATION_PASSCODE',
      'ADMIN_EMAIL',
      'POSTGRES_PASSWORD',
    ])
      expect(() => interpolateAll(compose, { ...dotEnv, [name]: '' })).toThrow(
        new RegExp(`${name}: run make up`),
      );
  });

  it('lets the compose Prometheus reach the API and the worker on the compose network', () => {
    const prometheus = parse(readFileSync(path.join(root, 'ops/prometheus/prometheus.yml'), 'utf8')) as {
      scrape_configs: {
        job_name: string;
        static_configs: { targets: string[] }[];
        authorization?: { type: string; credentials_file: string };
      }[];
    };
    const targets = Object.fromEntries(
      prometheus.scrape_configs.map((c) => [c.job_name, c.static_configs.flatMap((s) => s.targets)]),
    );
    expect(targets.api).toEqual(['api:3000']);
    expect(targets.worker).toEqual(['worker:9465']);
    const config = (service: string) => parseConfig(serviceEnvironment(resolved.services[service], dotEnv));
    const api = config('api');
    expect([api.HOST, api.PORT]).toEqual(['0.0.0.0', 3000]);
    const worker = config('worker');
    expect([worker.WORKER_METRICS_HOST ?? worker.HOST, worker.WORKER_METRICS_PORT]).toEqual([
      '0.0.0.0',
      9465,
    ]);
    expect(resolved.services.worker.expose?.map(String)).toContain('9465');
    // the scrape token: the entrypoint writes METRICS_TOKEN where prometheus.yml reads it
    const promService = resolved.services.prometheus;
    expect((promService.environment as Record<string, string>).METRICS_TOKEN).toBe(dotEnv.METRICS_TOKEN);
    expect(JSON.stringify(promService.entrypoint)).toContain('/etc/prometheus/token/metrics_token');
    // both /metrics need it (QUALITY 21), the worker's health check sends it too
    const scrapeAuth = Object.fromEntries(
      prometheus.scrape_configs.map((c) => [c.job_name, c.authorization]),
    );
    for (const job of ['api', 'worker'])
      expect(scrapeAuth[job], job).toEqual({ type: 'Bearer', credentials_file: 'token/metrics_token' });
    expect(JSON.stringify(resolved.services.worker.healthcheck?.test)).toContain(
      "authorization: 'Bearer ' + process.env.METRICS_TOKEN",
    );
  });

  it('publishes no port that make start uses for PostgreSQL or Redis, and the API on loopback', () => {
    for (const [name, service] of Object.entries(resolved.services)) {
      expect(publishedPorts(service), name).not.toContain(5432);
      expect(publishedPorts(service), name).not.toContain(6379);
    }
    expect(resolved.services.api.ports).toEqual([`127.0.0.1:${dotEnv.PORT ?? 3000}:3000`]);
    // the worker's /metrics stays on the compose network, behind the token too (QUALITY 21)
    expect(publishedPorts(resolved.services.worker)).toEqual([]);
    // the development services file is the one that publishes them (ops/services.sh's fallback)
    const dev = readCompose(path.join(root, 'ops/compose/dev-services.yml')) as ComposeFile;
    expect(Object.values(dev.services).flatMap(publishedPorts).sort()).toEqual([5432, 6379]);
  });

  it('runs the compiled server in the production image', () => {
    expect(compose.services.api.command).toEqual(['node', 'backend/src/main.js']);
    expect(compose.services.worker.command).toEqual(['node', 'worker/src/main.js']);
    expect(compose.services.migrate.command).toEqual(['node', 'backend/src/cli/migrate.js']);
  });
});

describe('ops/compose-env.sh (the .env `make up` writes)', () => {
  it('creates .env with random secrets the production configuration accepts, readable by its owner only', () => {
    const file = path.join(tempDir(), '.env');
    const { env, output } = composeEnv(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const example = parseEnvFile(readFileSync(path.join(root, '.env.example'), 'utf8'));
    for (const name of SECRETS) {
      expect(env[name], name).toBeTruthy();
      expect(env[name], name).not.toBe(example[name]);
      expect(output, 'no secret value is printed').not.toContain(env[name]);
    }
    expect(env.SESSION_KEYS.length).toBeGreaterThanOrEqual(32);
    expect(env.ADMIN_EMAIL).toBe('admin@portal.localhost');
    expect(() =>
      parseConfig({
        ...env,
        NODE_ENV: 'production',
        COOKIE_SECURE: 'false',
        DATABASE_URL: `postgres://postgres:${env.POSTGRES_PASSWORD}@postgres:5432/portal`,
      }),
    ).not.toThrow();
    // another fresh .env gets other secrets
    const other = composeEnv(path.join(tempDir(), '.env')).env;
    for (const name of SECRETS) expect(other[name], name).not.toBe(env[name]);
  });

  it('keeps the values of an existing .env and replaces only missing or example secrets', () => {
    const file = path.join(tempDir(), '.env');
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    writeFileSync(file, example.replace(/^METRICS_TOKEN=.*$/m, 'METRICS_TOKEN=my-own-token-7f3a9c1e5b2d'));
    const first = composeEnv(file).env;
    expect(first.METRICS_TOKEN).toBe('my-own-token-7f3a9c1e5b2d');
    expect(first.SESSION_KEYS).not.toBe(parseEnvFile(example).SESSION_KEYS);
    expect(first.PORT).toBe(parseEnvFile(example).PORT);
    expect(readFileSync(file, 'utf8').match(/^METRICS_TOKEN=/gm)).toHaveLength(1);
    const again = composeEnv(file);
    expect(again.env).toEqual(first);
    expect(again.output).toContain('already has every secret');
  });
});

describe('ops/compose-up.sh (make up) checks the Compose version', () => {
  /** A `docker` that reports the given Compose version and records every other call. */
  function fakeDocker(version: string) {
    const dir = tempDir();
    const docker = path.join(dir, 'docker');
    writeFileSync(
      docker,
      `#!/usr/bin/env bash\nif [[ "$1 $2" == "compose version" ]]; then echo "${version}"; exit 0; fi\necho "$*" >> "${dir}/calls"\n`,
    );
    chmodSync(docker, 0o755);
    const run = () =>
      spawnSync('bash', [path.join(root, 'ops/compose-up.sh')], {
        env: { PATH: `${dir}:${process.env.PATH}`, ENV_FILE: path.join(dir, '.env') },
        encoding: 'utf8',
      });
    const calls = () => {
      try {
        return readFileSync(path.join(dir, 'calls'), 'utf8');
      } catch {
        return '';
      }
    };
    return { run, calls, envFile: path.join(dir, '.env') };
  }

  it('refuses Compose older than 2.24 before touching anything', () => {
    const docker = fakeDocker('2.23.3');
    const result = docker.run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Docker Compose 2.23.3 is too old: docker-compose.yml needs 2.24.0 or later',
    );
    expect(docker.calls()).toBe('');
  });

  it('with Compose 2.24 or later writes .env, then builds and starts the stack', () => {
    for (const version of ['2.24.0', 'v2.29.7', '2.40.3-desktop.1']) {
      const docker = fakeDocker(version);
      const result = docker.run();
      expect(result.status, result.stderr).toBe(0);
      expect(parseEnvFile(readFileSync(docker.envFile, 'utf8')).SESSION_KEYS).toMatch(/^[0-9a-f]{64}$/);
      expect(docker.calls()).toContain(`--env-file ${docker.envFile} up -d --build`);
    }
  });
});
