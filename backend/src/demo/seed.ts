import type { AppDeps } from '../app/deps';
import { seedAcademyContent } from './academy';
import { seedDemoOnboarding } from './onboarding';
import { seedDemoTeam } from '../features/partners/demo';
import { COHORT_WEEKS, seedDemoCohorts } from '../features/partners/demoCohorts';
import { demoUser, seedDemoUsers } from './users';

/**
 * Demo data: the admin and a few partners in a sponsor tree at different points of the
 * foundation. Each feature adds its part here. Must be idempotent.
 */
export async function seedDemoData(deps: AppDeps): Promise<string> {
  const parts = [await seedDemoUsers(deps), await seedDemoOnboarding(deps), await seedAcademyContent(deps)];
  const maria = demoUser('maria').id;
  parts.push(`partners: ${await seedDemoTeam(deps, maria)} added to Maria Garcia's team`);
  parts.push(
    `${await seedDemoCohorts(deps, maria)} more who joined their teams over the last ${COHORT_WEEKS} weeks`,
  );
  return `demo data: ${parts.join('; ')}`;
}
