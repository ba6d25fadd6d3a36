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

/** Step flags may arrive as true, 't' or 'true' (spec 000 section 3). */
export const isLooseTrue = (v: unknown): boolean => v === true || v === 't' || v === 'true';

/** The flags of GET /api/onboarding-progress's `progress` these figures read, read loosely. */
export type LooseStepFlags = Partial<
  Record<`step${1 | 2 | 3 | 4 | 5}Completed` | 'trainingCompleted', unknown>
>;

/** The number of completed steps in a progress answer. */
export function completedStepsOf(p: LooseStepFlags | null | undefined): number {
  if (!p) return 0;
  return [p.step1Completed, p.step2Completed, p.step3Completed, p.step4Completed, p.step5Completed].filter(
    isLooseTrue,
  ).length;
}

/** Foundation done (the Academy unlocked): trainingCompleted, or all five steps. */
export const foundationDone = (p: LooseStepFlags | null | undefined): boolean =>
  !!p && (isLooseTrue(p.trainingCompleted) || completedStepsOf(p) === STEP_COUNT);
