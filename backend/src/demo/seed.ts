import type { AppDeps } from '../app/deps';

/**
 * Demo data: the admin and a few partners in a sponsor tree at different points of the
 * foundation. Each feature adds its part here. Must be idempotent.
 */
export async function seedDemoData(_deps: AppDeps): Promise<string> {
  return 'demo data: nothing to seed yet';
}
