import type { AppDeps } from '../app/deps';
import type { Feature } from '../http/feature';
import type { Projection } from '../projections/projection';
import { auditLogProjection } from '../projections/auditLog';
import { usersProjection } from '../projections/users';
import { createAcademyFeature } from './academy';
import { createAdminFeature } from './admin';
import { createAuthFeature } from './auth';
import { createContentFeature } from './content';
import { createFunnelFeature } from './funnel';
import { createOnboardingFeature } from './onboarding';
import { createPartnersFeature } from './partners';
import { createPlatformFeature } from './platform';
import { createMailFeature } from './mail';
import { createCoachingFeature } from './coaching';
import { createSecondFactorFeature } from './secondFactor';

/** Every feature of the API. Add a feature here once; its routes, handlers and projections follow. */
export function createFeatures(deps: AppDeps): Feature[] {
  return [
    createPlatformFeature(deps),
    createAuthFeature(deps),
    createOnboardingFeature(deps),
    createPartnersFeature(deps),
    createAcademyFeature(deps),
    createAdminFeature(deps),
    createContentFeature(deps),
    createFunnelFeature(deps),
    createMailFeature(deps),
    createCoachingFeature(deps),
    createSecondFactorFeature(deps),
  ];
}

/** Every projection, including the ones not tied to one feature. Pure data: safe to call without deps. */
export function allProjections(features: Feature[]): Projection[] {
  return [usersProjection, auditLogProjection, ...features.flatMap((f) => f.projections)];
}
