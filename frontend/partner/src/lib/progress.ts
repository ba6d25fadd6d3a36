import { queryOptions } from '@tanstack/react-query';
import { STEP_COUNT, type StepNumber } from '@portal/contracts/onboarding/endpoints';
import type { Progress } from '@portal/contracts/onboarding/schemas';
import {
  completedStepsOf,
  foundationDone,
  foundationStepsDone,
  isLooseTrue,
  progressPercentOf,
} from '@portal/contracts/onboarding/foundation';

/** Step flags may arrive as true, 't' or 'true' (spec 000 section 3). */
export type LooseBoolean = boolean | 't' | 'true' | 'f' | 'false' | null | undefined;
export const isTrue: (v: LooseBoolean | unknown) => boolean = isLooseTrue;

type FlagName = `step${StepNumber}Completed` | 'trainingCompleted';

/**
 * The fields of GET /api/onboarding-progress that the shell reads: the contract's progress
 * (`Progress`, which the onboarding feature uses whole), with its flags read loosely.
 */
export type ProgressFlags = { [K in FlagName]?: LooseBoolean } & {
  currentStep?: Progress['currentStep'] | null;
};

export const PROGRESS_PATH = '/api/onboarding-progress';

/**
 * The cached answer of GET /api/onboarding-progress, `{ progress }`, under the key
 * `['/api/onboarding-progress']` (the default query function GETs the key's first element).
 */
export const progressQuery = queryOptions<{ progress: ProgressFlags | null }>({ queryKey: [PROGRESS_PATH] });

export { STEP_COUNT };

export const completedSteps: (p: ProgressFlags | null | undefined) => number = completedStepsOf;

/** The progress figure every screen shows: completed steps, or all five once training is complete. */
export const stepsDone = (p: ProgressFlags | null | undefined): number =>
  foundationStepsDone({
    completedSteps: completedSteps(p),
    trainingCompleted: !!p && isTrue(p.trainingCompleted),
  });

/** The same figure as a rounded percent. */
export const foundationPercent = (p: ProgressFlags | null | undefined): number =>
  progressPercentOf(stepsDone(p));

/** Foundation done: trainingCompleted, or all five steps. */
export const foundationComplete: (p: ProgressFlags | null | undefined) => boolean = foundationDone;

/** /dashboard and the post-login destination: /academy when the foundation is done, else /foundation (also when data is missing). */
export const homeFor = (p: ProgressFlags | null | undefined): '/academy' | '/foundation' =>
  foundationComplete(p) ? '/academy' : '/foundation';
