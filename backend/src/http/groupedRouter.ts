import Router, { type MatchResult, type RouterMiddleware } from '@koa/router';
import type Koa from 'koa';

/**
 * The group of a path: its first two segments (`/api/admin` of `/api/admin/users/1`), lower-cased
 * as @koa/router matches paths without regard to case.
 */
export function groupOf(path: string): string {
  const second = path.indexOf('/', 1);
  const end = second < 0 ? -1 : path.indexOf('/', second + 1);
  return (end < 0 ? path : path.slice(0, end)).toLowerCase();
}

/**
 * @koa/router's routes, split by their first two path segments into one router each. A router
 * tests every route's pattern in turn (88 regular expressions and as many `debug` calls per
 * request with one router for the whole API); a request here tests only the few of its own group.
 * What a request gets is the same: the group's router answers it (its route, or 405 with `Allow`
 * from `allowedMethods`), and a path outside every group goes on to the next middleware, as an
 * unmatched path did. The group's segments of a route must be literal (no parameter).
 */
export class GroupedRouter {
  private readonly groups = new Map<string, Router>();

  register(path: string, methods: string[], handler: RouterMiddleware) {
    const key = groupOf(path);
    if (/[:*(]/.test(key)) throw new Error(`route ${path}: its first two segments must be literal`);
    let router = this.groups.get(key);
    if (!router) this.groups.set(key, (router = new Router()));
    router.register(path, methods, handler);
  }

  /** What @koa/router's `match` answers for this path and method (nothing outside every group). */
  match(path: string, method: string): MatchResult {
    return (
      this.groups.get(groupOf(path))?.match(path, method) ?? {
        path: [],
        pathAndMethod: [],
        route: false,
      }
    );
  }

  /** `routes()` then `allowedMethods()` of the request's group; other paths go on to `next`. */
  middleware(): Koa.Middleware {
    const byGroup = new Map<string, Koa.Middleware>();
    for (const [key, router] of this.groups) {
      // (Koa middleware: @koa/router types them for its own context, which Koa's `use` widens)
      const routes = router.routes() as unknown as Koa.Middleware;
      const allowedMethods = router.allowedMethods() as unknown as Koa.Middleware;
      byGroup.set(key, (ctx, next) => routes(ctx, () => allowedMethods(ctx, next)));
    }
    return (ctx, next) => {
      const middleware = byGroup.get(groupOf(ctx.path));
      return middleware ? middleware(ctx, next) : next();
    };
  }
}
