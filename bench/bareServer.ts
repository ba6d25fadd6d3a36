/** The baseline: a bare Koa JSON route, run the way the bench runs the API (plain `node`, same Node). */
import http from 'node:http';
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { ok: true, at: Date.now() };
});
const server = http.createServer(app.callback());
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
