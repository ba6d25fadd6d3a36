import { platformRoutes } from '@portal/contracts/platform/routes';
import { buildOpenApiDocument } from '@portal/contracts/openapi';
import type { AppDeps } from '../../app/deps';
import { isAdminUser } from '../../app/users';
import { migrationsCurrent } from '../../infra/migrate';
import { defineFeature, raw } from '../../http/feature';

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  ]);

/** Health and the API description. */
export function createPlatformFeature(deps: AppDeps) {
  let migrated = false;
  let openapi: unknown = null;
  const check = async (fn: () => Promise<unknown>) => {
    try {
      await withTimeout(fn(), 2_000);
      return { ok: true };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  };
  return defineFeature('platform', platformRoutes, {
    async health(_input, rc) {
      const [database, redis, eventStore, migrations] = await Promise.all([
        check(() => deps.db.raw('select 1')),
        check(() => deps.redis.ping()),
        check(() => deps.store.ping()),
        check(async () => {
          migrated ||= await migrationsCurrent(deps.db);
          if (!migrated) throw new Error('pending migrations');
        }),
      ]);
      const checks = { database, redis, eventStore, migrations };
      const ok = Object.values(checks).every((c) => c.ok);
      const admin = rc.user && !rc.user.isLocked && isAdminUser(rc.user, deps.config.ADMIN_EMAIL);
      const processes = admin ? await deps.projections.processes().catch(() => undefined) : undefined;
      return raw(
        { status: ok ? 'ok' : 'unavailable', checks, processes },
        {
          status: ok ? 200 : 503,
          ...(ok ? {} : { headers: { 'Retry-After': '5' } }),
        },
      );
    },
    async openapi() {
      openapi ??= buildOpenApiDocument();
      return openapi as Record<string, unknown>;
    },
  });
}
