import type { Knex } from 'knex';
import type { Progress } from '@portal/contracts/onboarding/schemas';
import {
  type OnboardingEvent,
  type OnboardingState,
  stepsDoneOf,
  currentStepOf,
  onboardingDecider,
} from '../../domain/onboarding/decider';
import type { Projection } from '../../projections/projection';
import type { FoldedRow } from '../../eventStore/port';
import type { Db } from '../../infra/db';
import type { HotReads } from '../../infra/hotReads';

/** A row of the `onboarding_progress` read model. */
export interface ProgressRow {
  user_id: string;
  step1_completed: boolean;
  step2_completed: boolean;
  step3_completed: boolean;
  step4_completed: boolean;
  step5_completed: boolean;
  completed_steps: number;
  current_step: number;
  training_completed: boolean;
  feel_great_link: string | null;
  customer_list: OnboardingState['customerList'];
  partner_list: OnboardingState['partnerList'];
  /** the submitted answers with isSkipped, or { isSkipped: true } after a skip */
  product_experience:
    (Partial<NonNullable<OnboardingState['productExperience']>> & { isSkipped: boolean }) | null;
  why_answers: OnboardingState['whyAnswers'];
  revision: string | number;
  updated_at: Date;
}

export const ONBOARDING_EVENT_TYPES = [
  'StepCompleted',
  'StepReopened',
  'ReferralLinkSaved',
  'ProspectListsUpdated',
  'ProductExperienceSubmitted',
  'ProductExperienceSkipped',
  'WhyAnswersSubmitted',
  'TrainingCompleted',
  'TrainingReset',
];

const STREAM_PREFIX = 'Onboarding-';

/** The decider's state as kept in a row (the projection folds events with the decider's own evolve). */
function rowToState(row: ProgressRow | undefined): OnboardingState {
  if (!row) return onboardingDecider.initialState();
  const pe = row.product_experience;
  return {
    revision: Number(row.revision),
    steps: [
      row.step1_completed,
      row.step2_completed,
      row.step3_completed,
      row.step4_completed,
      row.step5_completed,
    ],
    trainingCompleted: row.training_completed,
    feelGreatLink: row.feel_great_link,
    customerList: row.customer_list ?? [],
    partnerList: row.partner_list ?? [],
    productExperience:
      pe && pe.startDate !== undefined && pe.positiveChanges !== undefined && pe.confidenceLevel
        ? {
            startDate: pe.startDate,
            positiveChanges: pe.positiveChanges,
            confidenceLevel: pe.confidenceLevel,
            ...(pe.challenges ? { challenges: pe.challenges } : {}),
          }
        : null,
    productExperienceSkipped: pe?.isSkipped === true,
    whyAnswers: row.why_answers,
  };
}

function stateToRow(userId: string, s: OnboardingState, revision: bigint, at: Date): ProgressRow {
  const productExperience = s.productExperience
    ? { ...s.productExperience, isSkipped: s.productExperienceSkipped }
    : s.productExperienceSkipped
      ? { isSkipped: true }
      : null;
  return {
    user_id: userId,
    step1_completed: s.steps[0],
    step2_completed: s.steps[1],
    step3_completed: s.steps[2],
    step4_completed: s.steps[3],
    step5_completed: s.steps[4],
    completed_steps: stepsDoneOf(s),
    current_step: currentStepOf(s),
    training_completed: s.trainingCompleted,
    feel_great_link: s.feelGreatLink,
    customer_list: s.customerList,
    partner_list: s.partnerList,
    product_experience: productExperience,
    why_answers: s.whyAnswers,
    revision: revision.toString(),
    updated_at: at,
  };
}

/** The row as written (json columns serialised). */
const insertable = (row: ProgressRow) => ({
  ...row,
  customer_list: JSON.stringify(row.customer_list),
  partner_list: JSON.stringify(row.partner_list),
  product_experience: row.product_experience ? JSON.stringify(row.product_experience) : null,
  why_answers: row.why_answers ? JSON.stringify(row.why_answers) : null,
});

/** Keeps `onboarding_progress` from the events of every onboarding stream (and drops a deleted user's row). */
export const onboardingProgressProjection: Projection = {
  name: 'onboarding_progress',
  tables: ['onboarding_progress'],
  // the caller's next read (sign-in, profile, progress) must show the command at once
  lifecycle: 'inline',
  eventTypes: [...ONBOARDING_EVENT_TYPES, 'UserDeleted'],
  async apply(trx: Knex.Transaction, event) {
    if (event.type === 'UserDeleted') {
      await trx('onboarding_progress')
        .where({ user_id: (event.data as { userId: string }).userId })
        .delete();
      return;
    }
    if (!event.streamId.startsWith(STREAM_PREFIX)) return;
    const userId = event.streamId.slice(STREAM_PREFIX.length);
    const row = await trx<ProgressRow>('onboarding_progress').where({ user_id: userId }).forUpdate().first();
    // already applied (the row reflects this revision or a later one)
    if (row && BigInt(row.revision) >= event.revision) return;
    const state = onboardingDecider.evolve(rowToState(row), {
      type: event.type,
      data: event.data,
    } as OnboardingEvent);
    await trx('onboarding_progress')
      .insert(insertable(stateToRow(userId, state, event.revision, event.createdAt)))
      .onConflict('user_id')
      .merge();
  },
};

/** The progress answer from a row (no row: nothing done yet). */
function toProgress(row: ProgressRow | undefined): Progress {
  const s = rowToState(row);
  const pe = row?.product_experience ?? null;
  return {
    step1Completed: s.steps[0],
    step2Completed: s.steps[1],
    step3Completed: s.steps[2],
    step4Completed: s.steps[3],
    step5Completed: s.steps[4],
    currentStep: currentStepOf(s),
    trainingCompleted: s.trainingCompleted,
    feelGreatLink: s.feelGreatLink,
    customerList: s.customerList,
    partnerList: s.partnerList,
    productExperience: pe
      ? {
          startDate: pe.startDate ?? '',
          positiveChanges: pe.positiveChanges ?? '',
          confidenceLevel: pe.confidenceLevel ?? '',
          ...(pe.challenges ? { challenges: pe.challenges } : {}),
          isSkipped: pe.isSkipped === true,
        }
      : null,
    whyAnswers: s.whyAnswers,
    revision: row ? Number(row.revision) : -1,
  };
}

/** The progress answer from the state a command's decider produced (its read model is late). */
export const progressFromState = (userId: string, s: OnboardingState): Progress =>
  toProgress(stateToRow(userId, s, BigInt(s.revision), new Date()));

const progressRow = (reads: HotReads, userId: string) =>
  reads.one<ProgressRow>('progress-by-user', 'select * from onboarding_progress where user_id = $1', [
    userId,
  ]);

/** The same read as a prepared statement: the foundation's progress is read on every visit. */
export async function progressOf(reads: HotReads, userId: string): Promise<Progress> {
  return toProgress(await progressRow(reads, userId));
}

/**
 * The decider's state of a user's onboarding stream as the inline read model holds it, with the
 * revision it folded up to (null: no row, no events applied).
 */
export async function foldedProgress(
  reads: HotReads,
  userId: string,
): Promise<{ state: OnboardingState; revision: bigint | null }> {
  const row = await progressRow(reads, userId);
  return { state: rowToState(row), revision: row ? BigInt(row.revision) : null };
}

/**
 * The `onboarding_progress` row after a command, from the state its decider folded (the same
 * fold `apply` performs event by event): the append writes it in its own statement.
 */
export function foldedProgressRow(userId: string, state: OnboardingState, revision: bigint): FoldedRow {
  return {
    projection: onboardingProgressProjection.name,
    table: 'onboarding_progress',
    key: 'user_id',
    row: { ...stateToRow(userId, state, revision, new Date()) },
    recordedAt: 'updated_at',
  };
}

export async function readProgress(db: Db | Knex, userId: string): Promise<Progress> {
  const row = await db<ProgressRow>('onboarding_progress').where({ user_id: userId }).first();
  return toProgress(row);
}
