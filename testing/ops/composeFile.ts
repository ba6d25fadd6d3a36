/**
 * Reading docker-compose.yml the way Docker Compose does, without an engine: YAML with merge
 * keys (`<<: *anchor`), `.env` files, and variable interpolation.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** NAME=value lines of an .env file (comments and blank lines skipped; quotes removed). */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    const raw = m[2];
    const quoted = /^(['"])(.*)\1$/.exec(raw);
    values[m[1]] = quoted ? quoted[2] : raw.replace(/\s+#.*$/, '');
  }
  return values;
}

class InterpolationError extends Error {}

/**
 * Compose's interpolation of one string: `$$`, `$VAR`, `${VAR}`, `${VAR:-default}`,
 * `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`, `${VAR:+alt}`, `${VAR+alt}`.
 */
function interpolate(text: string, vars: Record<string, string | undefined>): string {
  return text.replace(
    /\$(?:(\$)|([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])([^}]*))?\})/g,
    (_all, dollar, bare, name, colon, op, arg: string | undefined) => {
      if (dollar) return '$';
      if (bare) return vars[bare] ?? '';
      const value = vars[name];
      const unset = colon ? value === undefined || value === '' : value === undefined;
      if (op === '-') return unset ? (arg ?? '') : value!;
      if (op === '?') {
        if (unset) throw new InterpolationError(`${name}: ${arg || 'required variable is missing'}`);
        return value!;
      }
      if (op === '+') return unset ? '' : (arg ?? '');
      return value ?? '';
    },
  );
}

/** Every string value of a parsed document interpolated (keys are left alone, as Compose does). */
export function interpolateAll<T>(value: T, vars: Record<string, string | undefined>): T {
  if (typeof value === 'string') return interpolate(value, vars) as T;
  if (Array.isArray(value)) return value.map((v) => interpolateAll(v, vars)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, vars)])) as T;
  return value;
}

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  env_file?: (string | { path: string; required?: boolean })[] | string;
  ports?: (string | number | { published?: string | number; target: number; host_ip?: string })[];
  expose?: (string | number)[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  [key: string]: unknown;
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
  [key: string]: unknown;
}

/** The YAML of a compose file with its merge keys resolved, before interpolation. */
export const readCompose = (file: string) =>
  parse(readFileSync(file, 'utf8'), { merge: true, maxAliasCount: -1 }) as ComposeFile;

/** A service's environment: its env files (the given .env values), then `environment:` over them. */
export function serviceEnvironment(service: ComposeService, dotEnv: Record<string, string>) {
  const env: Record<string, string> = {};
  const files = service.env_file === undefined ? [] : [service.env_file].flat();
  for (const f of files) {
    const p = typeof f === 'string' ? f : f.path;
    if (p === '.env' || p === './.env') Object.assign(env, dotEnv);
    else throw new Error(`env_file ${p} is not modelled by this test`);
  }
  const own = service.environment ?? {};
  const pairs = Array.isArray(own)
    ? own.map((e) => e.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(own).map(([k, v]) => [k, v === null ? '' : String(v)] as [string, string]);
  for (const [k, v] of pairs) env[k] = v;
  return env;
}

/** Host ports a service publishes (`[ip:]host:container[/proto]` or the long form). */
export function publishedPorts(service: ComposeService): number[] {
  return (service.ports ?? []).map((p) => {
    if (typeof p === 'object') return Number(p.published);
    const parts = String(p)
      .replace(/\/\w+$/, '')
      .split(':');
    return Number(parts.length === 1 ? parts[0] : parts[parts.length - 2]);
  });
}
