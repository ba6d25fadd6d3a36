import type { RouteDef } from './core/http';
import { platformRoutes } from './platform/routes';
import { authRoutes } from './auth/routes';
import { onboardingRoutes } from './onboarding/routes';
import { academyRoutes } from './academy/routes';
import { partnersRoutes } from './partners/routes';
import { adminRoutes } from './admin/routes';
import { contentRoutes } from './content/routes';
import { funnelRoutes } from './funnel/routes';
import { mailRoutes } from './mail/routes';
import { coachingRoutes } from './coaching/routes';
import { secondFactorRoutes } from './secondFactor/routes';

/** Every HTTP route of the API, keyed `<feature>.<name>`. The router and the OpenAPI document are
 * generated from this list; the authorization-matrix test walks it and fails on a route that has
 * no row in its hand-written table of expected statuses. */
export const allRoutes: Record<string, RouteDef> = Object.fromEntries(
  Object.entries({
    platform: platformRoutes,
    auth: authRoutes,
    onboarding: onboardingRoutes,
    academy: academyRoutes,
    partners: partnersRoutes,
    admin: adminRoutes,
    content: contentRoutes,
    funnel: funnelRoutes,
    mail: mailRoutes,
    coaching: coachingRoutes,
    secondFactor: secondFactorRoutes,
  }).flatMap(([feature, routes]) =>
    Object.entries(routes as Record<string, RouteDef>).map(([name, route]) => [`${feature}.${name}`, route]),
  ),
);
