import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import { type RouteDef, allRoutes } from '@portal/contracts';
import type { AppDeps } from '../app/deps';
import { isAdminUser } from '../app/users';
import { pendingSecondFactor } from '../domain/user/secondFactor';
import { errorMiddleware, HttpError } from './errors';
import type { Feature, RequestContext } from './feature';
import { AnswerOutsideContract, answerOf } from './answer';
import { enforceAccess } from './policy';
import { csrfProtection, noStoreApi, securityHeaders } from './security';
import { type SessionData, sessionMiddleware } from './sessions';
import { requireJsonBody, validateInput } from './validate';
import { serveBundles } from './bundles';
import { GroupedRouter } from './groupedRouter';
import { jsonBody } from './body';
import { refuseUnstorableText } from './inputText';
import { claimIdempotencyKey } from './idempotency';
import { createWriteLimits } from './writeLimits';
import { compression } from './compression';
import { isClientGone, requestScope } from '../infra/logger';
import { metricsMiddleware } from './metrics';

/**
 * Builds the Koa application: the same code serves production (main.ts) and the tests.
 * Every route comes from the contracts; a route without a handler answers 501.
 */
export function createApp(deps: AppDeps, features: Feature[]): Koa {
  const { config, logger, metrics, requestStats } = deps;
  const app = new Koa({ proxy: config.TRUSTED_PROXY_HOPS > 0, maxIpsCount: config.TRUSTED_PROXY_HOPS });
  const router = new GroupedRouter();
  const spendWrite = createWriteLimits(deps.redis, config);
  /** The contract route a request's path belongs to, whatever its method or body. */
  const routeOf = (ctx: Koa.Context): string => {
    // a contract route that ran names itself (no second match of the path)
    if (typeof ctx.state.route === 'string') return ctx.state.route;
    const layer = router.match(ctx.path, ctx.method).path.find((l) => l.methods.length > 0);
    return layer ? String(layer.path) : ctx.path.startsWith('/api/') ? 'unmatched' : 'static';
  };

  // Request id, per-request logger, metrics (not of /metrics itself) and the access log.
  app.use(async (ctx, next) => {
    const started = performance.now();
    // a client's own id is the audit correlation id only when it comes through the trusted proxy
    const incoming = config.TRUSTED_PROXY_HOPS > 0 ? ctx.get('x-request-id') : '';
    const requestId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.logger = logger;
    ctx.set('X-Request-Id', requestId);
    try {
      await requestScope.run({ requestId }, next);
    } finally {
      const ms = performance.now() - started;
      if (ctx.path !== '/metrics') {
        const labels = { method: ctx.method, route: routeOf(ctx), status: String(ctx.status) };
        metrics.httpDuration.observe(labels, ms / 1000);
        metrics.httpRequests.inc(labels);
      }
      if (ctx.path.startsWith('/api/')) {
        requestStats.recordRequest(ms, ctx.status, ctx.state.user?.id, ctx.state.slowByDesign);
        ctx.state.logger.info(
          {
            requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(ms),
            userId: ctx.state.user?.id,
          },
          'request',
        );
      }
    }
  });
  // Koa reports what happens after the answer left the middleware (a stream the client closed,
  // a failed write) here; without a listener it prints multi-line stack traces on stderr.
  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    const requestId = ctx?.state.requestId as string | undefined;
    if (isClientGone(err))
      logger.debug(
        { requestId, code: (err as NodeJS.ErrnoException).code },
        'client closed the connection early',
      );
    else logger.error({ requestId, err }, 'response failed');
  });
  app.use(errorMiddleware);
  app.use(securityHeaders(config));
  app.use(noStoreApi);
  app.use(compression({ threshold: 1024 }));
  app.use(metricsMiddleware(deps, 'api', true));
  app.use(sessionMiddleware(app, config, deps.sessions));
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    await csrfProtection(ctx, async () => {
      requireJsonBody(ctx);
      await next();
    });
  });
  app.use(jsonBody);
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? refuseUnstorableText(ctx, next) : next()));

  const handlers = new Map<string, Feature['handlers'][string]>();
  for (const feature of features) {
    for (const [name, handler] of Object.entries(feature.handlers))
      handlers.set(`${feature.name}.${name}`, handler);
  }

  /** the signed-in user of the request (ctx.state.user) and the second factor they still owe */
  const requester = async (ctx: Koa.Context) => {
    const session = ctx.session as unknown as SessionData & { isNew?: boolean };
    const user = await loadSessionUser(ctx, deps, session);
    ctx.state.user = user;
    const secondFactor = user
      ? pendingSecondFactor(
          user.secondFactorEnrolled,
          isAdminUser(user, config.ADMIN_EMAIL),
          Boolean(session?.secondFactorAt),
        ).pending
      : null;
    return { session, user, secondFactor };
  };
  const requestContext = (ctx: Koa.Context, { session, user }: Awaited<ReturnType<typeof requester>>) =>
    ({
      ctx,
      requestId: ctx.state.requestId,
      ip: ctx.ip,
      logger: ctx.state.logger,
      user,
      session,
      commandMetadata: () => ({
        actorId: ctx.state.user?.id ?? null,
        correlationId: ctx.state.requestId,
        causationId: null,
        idempotencyKey: ctx.get('idempotency-key') || undefined,
      }),
    }) satisfies RequestContext;

  for (const [id, route] of Object.entries(allRoutes)) {
    const handler = handlers.get(id);
    router.register(route.path, [route.method], async (ctx) => {
      ctx.state.route = route.path;
      ctx.state.slowByDesign = route.slowByDesign;
      const who = await requester(ctx);
      const { user } = who;
      try {
        enforceAccess(route.access, user, config.ADMIN_EMAIL, who.secondFactor);
      } catch (denial) {
        ctx.state.logger.warn(
          { route: `${route.method} ${route.path}`, userId: user?.id ?? null, ip: ctx.ip },
          'access denied',
        );
        throw denial;
      }
      await spendWrite(ctx, user?.id);
      const input = validateInput(ctx, route);
      if (!handler)
        throw new HttpError(501, 'not_implemented', `${route.method} ${route.path} is not implemented yet`);
      const rc = requestContext(ctx, who);
      const release = await claimIdempotencyKey(ctx, deps.redis, config.REDIS_PREFIX, user?.id ?? ctx.ip);
      let result;
      try {
        result = await handler(input, rc);
      } catch (error) {
        await release?.().catch(() => undefined);
        throw error;
      }
      respond(ctx, route, result);
    });
  }
  app.use(router.middleware());

  /**
   * The answers GET requests of these URLs would get now, from this request's session (the
   * same session check, access rule, query schema, handler and response filter): the data a
   * signed-in page carries in its HTML (bundles.ts). A URL this user may not read, or whose read
   * fails, is left out (the page asks for it itself and gets the same refusal).
   */
  const readable = new Map(
    Object.entries(allRoutes)
      .filter(([, route]) => route.method === 'GET' && !route.params)
      .map(([id, route]) => [route.path, id]),
  );
  // one session check per page, however many answers it carries
  const requesters = new WeakMap<Koa.Context, ReturnType<typeof requester>>();
  const readAnswer: ReadAnswer = async (ctx, url) => {
    const [path, search = ''] = url.split('?', 2) as [string, string?];
    const id = readable.get(path);
    const route = id ? allRoutes[id] : undefined;
    const handler = id ? handlers.get(id) : undefined;
    if (!route || !handler) return undefined;
    try {
      if (!requesters.has(ctx)) requesters.set(ctx, requester(ctx));
      const who = await requesters.get(ctx)!;
      enforceAccess(route.access, who.user, config.ADMIN_EMAIL, who.secondFactor);
      const query = route.query?.parse(Object.fromEntries(new URLSearchParams(search)));
      const answer = answerOf(
        route,
        await handler({ params: undefined, query, body: undefined }, requestContext(ctx, who)),
      );
      return answer.status === 200 && !answer.type
        ? { body: answer.body, headers: answer.headers ?? {} }
        : undefined;
    } catch {
      return undefined;
    }
  };
  const readAnswers: ReadAnswers = async (ctx, paths) => {
    const answers = await Promise.all(
      paths.map(async (path) => [path, await readAnswer(ctx, path)] as const),
    );
    return Object.fromEntries(answers.flatMap(([path, answer]) => (answer ? [[path, answer.body]] : [])));
  };
  if (config.SERVE_BUNDLES) app.use(serveBundles(deps, readAnswers, readAnswer));
  return app;
}

/**
 * The answer a GET request of this URL (path and query string) would get now, from this request's
 * session: its JSON body and headers (a console list's total is in `Content-Range`); undefined
 * for a path this user may not read, a query its route refuses, or a read that fails.
 */
export type ReadAnswer = (
  ctx: Koa.Context,
  url: string,
) => Promise<{ body: unknown; headers: Record<string, string> } | undefined>;

/** GET answers for the request's own session, by path (createApp's `readAnswers`). */
export type ReadAnswers = (ctx: Koa.Context, paths: readonly string[]) => Promise<Record<string, unknown>>;

function respond(ctx: Koa.Context, route: RouteDef, result: unknown) {
  let answer;
  try {
    answer = answerOf(route, result);
  } catch (error) {
    if (error instanceof AnswerOutsideContract)
      ctx.state.logger.error(
        { issues: error.issues, route: route.path },
        'response does not match its contract',
      );
    throw error;
  }
  ctx.status = answer.status;
  if (answer.type) ctx.type = answer.type;
  if (answer.headers) ctx.set(answer.headers);
  ctx.body = answer.body;
}

/** A session that has the password but not yet its second factor ends after this long. */
const SECOND_FACTOR_PENDING_MS = 10 * 60_000;

/**
 * The signed-in user of this request, or null; ends sessions past their absolute lifetime
 * (admins': ADMIN_SESSION_ABSOLUTE_HOURS) and gives admins' sessions their shorter idle
 * lifetime (ADMIN_SESSION_IDLE_MINUTES, issue 13).
 */
async function loadSessionUser(ctx: Koa.Context, deps: AppDeps, session: SessionData) {
  if (!session?.userId) return null;
  const { config } = deps;
  const age = Date.now() - (session.authenticatedAt ?? 0);
  if (!session.authenticatedAt || age > config.SESSION_ABSOLUTE_HOURS * 3_600_000) {
    ctx.session = null;
    return null;
  }
  const user = await deps.signedInUsers.get(session.userId, session._userVersion);
  if (!user || user.isLocked) {
    ctx.session = null;
    return null;
  }
  const owesCode = user.secondFactorEnrolled && !session.secondFactorAt;
  if (owesCode && age > SECOND_FACTOR_PENDING_MS) {
    ctx.session = null;
    return null;
  }
  if (isAdminUser(user, config.ADMIN_EMAIL)) {
    if (age > config.ADMIN_SESSION_ABSOLUTE_HOURS * 3_600_000) {
      ctx.session = null;
      return null;
    }
    const idleMs = config.ADMIN_SESSION_IDLE_MINUTES * 60_000;
    // koa-session keeps the per-session maxAge; setting it saves the session with that TTL
    if (typeof session.maxAge !== 'number' || session.maxAge > idleMs) session.maxAge = idleMs;
  }
  return user;
}
