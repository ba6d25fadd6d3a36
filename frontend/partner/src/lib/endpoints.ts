import { academyEndpoints } from '@portal/contracts/academy/endpoints';
import type { AcademyRoutes } from '@portal/contracts/academy/routes';
import { authEndpoints } from '@portal/contracts/auth/endpoints';
import type { AuthRoutes } from '@portal/contracts/auth/routes';
import { coachingEndpoints } from '@portal/contracts/coaching/endpoints';
import type { CoachingRoutes } from '@portal/contracts/coaching/routes';
import { onboardingEndpoints } from '@portal/contracts/onboarding/endpoints';
import type { OnboardingRoutes } from '@portal/contracts/onboarding/routes';
import { partnersEndpoints } from '@portal/contracts/partners/endpoints';
import type { PartnersRoutes } from '@portal/contracts/partners/routes';
import { secondFactorEndpoints } from '@portal/contracts/secondFactor/endpoints';
import type { secondFactorRoutes } from '@portal/contracts/secondFactor/routes';
import { typedEndpoints } from './api';

/**
 * The contract endpoints the partner app calls, each carrying its route's types: the values
 * come from the zod-free endpoints files, the types from `import type` of the routes.
 */
export const authApi = typedEndpoints<AuthRoutes>()(authEndpoints);
export const academyApi = typedEndpoints<AcademyRoutes>()(academyEndpoints);
export const coachingApi = typedEndpoints<CoachingRoutes>()(coachingEndpoints);
export const onboardingApi = typedEndpoints<OnboardingRoutes>()(onboardingEndpoints);
export const partnersApi = typedEndpoints<PartnersRoutes>()(partnersEndpoints);
export const secondFactorApi = typedEndpoints<typeof secondFactorRoutes>()(secondFactorEndpoints);
