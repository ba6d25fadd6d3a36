/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are whatever the server sent */
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { parseConfig } from '../backend/src/config';
import { buildRuntime, type Runtime } from '../backend/src/app/bootstrap';
import { createApp } from '../backend/src/http/createApp';
import type { Logger } from '../backend/src/infra/logger';
import { createTestDatabase } from './db';
import { testEnv } from './env';

export interface TestApp {
  url: string;
  runtime: Runtime;
  deps: Runtime['deps'];
  databaseUrl: string;
  /** a client with its own cookie jar, like one browser */
  client(): TestClient;
  close(): Promise<void>;
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestClient {
  cookie: string | null;
  request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse<T>>;
  get<T = any>(path: string): Promise<TestResponse<T>>;
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
}

export function createClient(baseUrl: string): TestClient {
  const jar = new Map<string, string>();
  const client: TestClient = {
    get cookie() {
      return jar.size ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : null;
    },
    set cookie(value: string | null) {
      jar.clear();
      for (const part of (value ?? '').split(/;\s*/).filter(Boolean)) {
        const i = part.indexOf('=');
        jar.set(part.slice(0, i), part.slice(i + 1));
      }
    },
    async request(method, path, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
      if (jar.size) (init.headers as Record<string, string>).cookie = client.cookie!;
      if (body !== undefined) {
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
      }
      const res = await fetch(baseUrl + path, init);
      for (const setCookie of res.headers.getSetCookie()) {
        const [pair] = setCookie.split(';');
        const i = pair.indexOf('=');
        const name = pair.slice(0, i);
        const value = pair.slice(i + 1);
        if (!value || /expires=Thu, 01 Jan 1970/i.test(setCookie)) jar.delete(name);
        else jar.set(name, value);
      }
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = text;
      }
      return { status: res.status, body: parsed as never, headers: res.headers, text };
    },
    get: (path) => client.request('GET', path),
    post: (path, body, headers) => client.request('POST', path, body ?? {}, headers),
  };
  return client;
}

/** Starts the real API (real PostgreSQL, Redis, event store, projections) on a free port. */
export async function startTestApp(
  extraEnv: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = parseConfig(testEnv(database.name, extraEnv));
  const runtime = buildRuntime(config, { logger: options.logger });
  await runtime.ready();
  for (const feature of runtime.features) await feature.onStart?.();
  runtime.deps.projections.start();
  const app = createApp(runtime.deps, runtime.features);
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    runtime,
    deps: runtime.deps,
    databaseUrl: database.url,
    client: () => createClient(url),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
      await database.drop();
    },
  };
}
