import type { AppDeps } from '../app/deps';
import { seedAcademyContent } from './academy';
import { seedDemoOnboarding } from './onboarding';
import { seedDemoTeam } from '../features/partners/demo';
import { demoUser, seedDemoUsers } from './users';

/**
 * Demo data: the admin and a few partners in a sponsor tree at different points of the
 * foundation. Each feature adds its part here. Must be idempotent.
 */
export async function seedDemoData(deps: AppDeps): Promise<string> {
  const parts = [await seedDemoUsers(deps), await seedDemoOnboarding(deps), await seedAcademyContent(deps)];
  parts.push(`partners: ${await seedDemoTeam(deps, demoUser('maria').id)} added to Maria Garcia's team`);
  return `demo data: ${parts.join('; ')}`;
}
