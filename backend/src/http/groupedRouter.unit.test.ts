import { describe, expect, it } from 'vitest';
import Koa from 'koa';
import { GroupedRouter, groupOf } from './groupedRouter';

describe('groupOf', () => {
  it('is the first two segments, lower-cased', () => {
    expect(groupOf('/api/admin/users/1')).toBe('/api/admin');
    expect(groupOf('/API/Onboarding-Progress/')).toBe('/api/onboarding-progress');
    expect(groupOf('/api/me')).toBe('/api/me');
    expect(groupOf('/api')).toBe('/api');
    expect(groupOf('/')).toBe('/');
  });
});

describe('GroupedRouter', () => {
  const router = new GroupedRouter();
  const answer = (name: string) => (ctx: Koa.Context) => {
    ctx.body = { name, params: ctx.params };
  };
  router.register('/api/admin/users', ['GET'], answer('list'));
  router.register('/api/admin/users/:id', ['GET'], answer('one'));
  router.register('/api/admin/users/:id', ['PUT'], answer('edit'));
  router.register('/api/me', ['GET'], answer('me'));
  const app = new Koa();
  app.use(router.middleware());
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { name: 'after' };
  });
  const server = app.listen(0);
  const base = () => `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const call = async (method: string, path: string) => {
    const res = await fetch(`${base()}${path}`, { method });
    return { status: res.status, allow: res.headers.get('allow'), body: await res.text() };
  };

  it('answers as one router would: routes with parameters, any case, a trailing slash', async () => {
    expect(await call('GET', '/api/admin/users/42')).toMatchObject({
      status: 200,
      body: JSON.stringify({ name: 'one', params: { id: '42' } }),
    });
    expect((await call('GET', '/API/Admin/Users/')).body).toContain('"list"');
    expect((await call('GET', '/api/me')).body).toContain('"me"');
  });

  it('405 with Allow for a known path and another method; other paths go on', async () => {
    expect(await call('DELETE', '/api/admin/users/42')).toMatchObject({
      status: 405,
      allow: 'HEAD, GET, PUT',
    });
    expect(await call('GET', '/api/admin/nothing')).toMatchObject({ status: 404, body: '{"name":"after"}' });
    expect(await call('GET', '/elsewhere')).toMatchObject({ status: 404, body: '{"name":"after"}' });
    server.close();
  });

  it('match answers the layers of the path, nothing outside every group', () => {
    expect(router.match('/api/admin/users/7', 'PUT').route).toBe(true);
    expect(router.match('/api/admin/users/7', 'PUT').path.map((l) => l.path)).toEqual([
      '/api/admin/users/:id',
      '/api/admin/users/:id',
    ]);
    expect(router.match('/nowhere', 'GET')).toEqual({ path: [], pathAndMethod: [], route: false });
  });

  it('refuses a route whose group segment is a parameter', () => {
    expect(() => new GroupedRouter().register('/api/:what', ['GET'], answer('x'))).toThrow(/literal/);
  });
});
