// Zod-free on purpose: the partner app, the deciders and the projections all import this rule.
import { STEP_COUNT } from './endpoints';

/** The five step flags, step 1 first. */
export type StepFlags = readonly [boolean, boolean, boolean, boolean, boolean];

/**
 * The foundation rule (docs/decisions/onboarding.md): training is complete when steps 1, 2, 3
 * and 5 are complete and step 4 is complete or skipped. The onboarding decider records
 * `TrainingCompleted` the first time a change meets it, whatever the order of the steps.
 */
export function meetsFoundationRule(steps: StepFlags, step4Skipped: boolean): boolean {
  return steps[0] && steps[1] && steps[2] && (steps[3] || step4Skipped) && steps[4];
}

/**
 * The one progress figure every screen shows (foundation page, wizard, Academy, partners
 * directory, console): the number of completed steps, and all five once training is complete
 * (a completed foundation stays complete, also when step 4 was skipped or a step was reopened
 * later).
 */
export function foundationStepsDone(input: { completedSteps: number; trainingCompleted: boolean }): number {
  if (input.trainingCompleted) return STEP_COUNT;
  const n = Number.isFinite(input.completedSteps) ? Math.trunc(input.completedSteps) : 0;
  return Math.min(STEP_COUNT, Math.max(0, n));
}

/** Percent of the foundation done, rounded (spec 000 section 4), from the figure above. */
export const progressPercentOf = (stepsDone: number) => Math.round((stepsDone / STEP_COUNT) * 100);
