import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { helmetMiddleware, securityHeaders } from './security';

async function headersOf(middleware: Koa.Middleware) {
  const app = new Koa();
  app.use(middleware);
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // twice: the first answer waits for the headers computed once, the second uses them
    await fetch(url);
    const res = await fetch(url);
    return [...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it.each([false, true])('are the headers helmet sets per request (TLS: %s)', async (cookieSecure) => {
    const once = await headersOf(securityHeaders({ cookieSecure }));
    expect(once).toEqual(await headersOf(helmetMiddleware({ cookieSecure })));
    expect(once.map(([name]) => name)).toContain('content-security-policy');
  });
});
