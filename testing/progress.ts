import { randomUUID } from 'node:crypto';
import type { TestApp } from './app';

/**
 * Foundation progress recorded straight on a partner's onboarding stream, as the commands would
 * record it: StepCompleted for each step, then TrainingCompleted when all five are done; waits
 * until the read models show it.
 */
export async function finishFoundation(app: TestApp, userId: string, steps = [1, 2, 3, 4, 5]) {
  const events: { type: string; data: object }[] = steps.map((step) => ({
    type: 'StepCompleted',
    data: { step },
  }));
  if (steps.length === 5) events.push({ type: 'TrainingCompleted', data: {} });
  const result = await app.deps.store.appendToStream(
    `Onboarding-${userId}`,
    events.map((e) => ({
      id: randomUUID(),
      ...e,
      metadata: { actorId: userId, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
    })),
  );
  await app.deps.projections.waitFor(result.position);
}
