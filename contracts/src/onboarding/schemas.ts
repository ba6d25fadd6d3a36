import { z } from 'zod';
import {
  ENTRY_NAME_MAX,
  ENTRY_NOTE_MAX,
  LIST_MAX_ENTRIES,
  SHORT_ANSWER_MAX,
  TEXT_ANSWER_MAX,
} from './endpoints';

/** One person on a prospect list. Names are trimmed; an empty name is refused by the rule. */
const listEntry = z.strictObject({
  id: z.string().trim().min(1).max(64),
  name: z.string().trim().max(ENTRY_NAME_MAX, `At most ${ENTRY_NAME_MAX} characters`),
  note: z.string().trim().max(ENTRY_NOTE_MAX, `At most ${ENTRY_NOTE_MAX} characters`).optional(),
});

const prospectList = z.array(listEntry).max(LIST_MAX_ENTRIES, `At most ${LIST_MAX_ENTRIES} names per list`);

export const confidenceLevel = z.enum(['confident', 'need_help']);

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/**
 * Step 4 as sent by the app. Required fields are checked by the step rule (so a missing one
 * answers the spec's "Please fill in required fields"), not by the shape.
 */
const productExperienceInput = z.strictObject({
  startDate: text(SHORT_ANSWER_MAX).default(''),
  positiveChanges: text(TEXT_ANSWER_MAX).default(''),
  confidenceLevel: z.union([confidenceLevel, z.literal('')]).default(''),
  challenges: text(TEXT_ANSWER_MAX).optional(),
});

/** Step 5: the partner's why. No rule beyond the shape (spec 000 section 5). */
const whyAnswersInput = z.strictObject({
  joinReason: text(TEXT_ANSWER_MAX).default(''),
  monthlyGoal3: text(SHORT_ANSWER_MAX).default(''),
  monthlyGoal6: text(SHORT_ANSWER_MAX).default(''),
  monthlyGoal12: text(SHORT_ANSWER_MAX).default(''),
  lifeChanges: text(TEXT_ANSWER_MAX).default(''),
  nonMonetaryGoals: text(TEXT_ANSWER_MAX).optional(),
  commitmentLevel: text(SHORT_ANSWER_MAX).default(''),
  timeAvailable: text(SHORT_ANSWER_MAX).default(''),
  helpNeeded: text(TEXT_ANSWER_MAX).default(''),
  strengths: text(TEXT_ANSWER_MAX).default(''),
  shareWithSponsor: z.boolean().default(true),
});
export type WhyAnswers = z.output<typeof whyAnswersInput>;

/** The referral link as typed; the step 2 rule normalises it. */
const linkInput = z.string().max(300, 'At most 300 characters');

// ---- answers ----

const productExperience = z.object({
  startDate: z.string(),
  positiveChanges: z.string(),
  confidenceLevel: z.union([confidenceLevel, z.literal('')]),
  challenges: z.string().optional(),
  isSkipped: z.boolean(),
});

/** The step 5 ("why") answers other than the sharing choice, in the order they are asked. */
export const WHY_ANSWER_FIELDS = [
  'joinReason',
  'monthlyGoal3',
  'monthlyGoal6',
  'monthlyGoal12',
  'lifeChanges',
  'nonMonetaryGoals',
  'commitmentLevel',
  'timeAvailable',
  'helpNeeded',
  'strengths',
] as const;

export const whyAnswers = z.object({
  joinReason: z.string(),
  monthlyGoal3: z.string(),
  monthlyGoal6: z.string(),
  monthlyGoal12: z.string(),
  lifeChanges: z.string(),
  nonMonetaryGoals: z.string().optional(),
  commitmentLevel: z.string(),
  timeAvailable: z.string(),
  helpNeeded: z.string(),
  strengths: z.string(),
  shareWithSponsor: z.boolean(),
});

const entryOut = z.object({ id: z.string(), name: z.string(), note: z.string().optional() });

/**
 * The step flags, the resume step, the link and the lists: the part of a partner's foundation
 * progress that the partner (below) and their sponsors (partners/schemas.ts) see alike. Flags are
 * real booleans.
 */
export const progressSteps = z.object({
  step1Completed: z.boolean(),
  step2Completed: z.boolean(),
  step3Completed: z.boolean(),
  step4Completed: z.boolean(),
  step5Completed: z.boolean(),
  /** the step to resume at: the first one not done (a skipped step 4 counts as passed) */
  currentStep: z.number().int().min(1).max(5),
  trainingCompleted: z.boolean(),
  feelGreatLink: z.string().nullable(),
  customerList: z.array(entryOut),
  partnerList: z.array(entryOut),
});

/** The partner's own foundation progress. */
const progress = progressSteps.extend({
  productExperience: productExperience.nullable(),
  whyAnswers: whyAnswers.nullable(),
  /** revision of the onboarding stream this answer reflects (-1: nothing recorded yet); send it back with list saves */
  revision: z.number().int().min(-1),
});
export type Progress = z.infer<typeof progress>;

export const progressEnvelope = z.object({ progress });

// ---- request bodies ----

/** POST /api/complete-step: `data` depends on the step (for step 3 only the step is sent). */
export const completeStepBody = z.discriminatedUnion('step', [
  z.strictObject({ step: z.literal(1), data: z.strictObject({}).optional() }),
  z.strictObject({ step: z.literal(2), data: z.strictObject({ feelGreatLink: linkInput }) }),
  z.strictObject({ step: z.literal(3), data: z.strictObject({}).optional() }),
  z.strictObject({ step: z.literal(4), data: productExperienceInput }),
  z.strictObject({ step: z.literal(5), data: whyAnswersInput }),
]);
export type CompleteStepBody = z.input<typeof completeStepBody>;

/**
 * POST /api/update-onboarding-data: saves part of the progress without the step flow.
 * Lists carry the revision they were read at: a stale save answers 409 with the current
 * progress. `productExperience: { isSkipped: true }` skips step 4.
 */
export const updateOnboardingDataBody = z
  .strictObject({
    customerList: prospectList.optional(),
    partnerList: prospectList.optional(),
    revision: z.number().int().min(-1).optional(),
    step3Completed: z.boolean().optional(),
    feelGreatLink: linkInput.optional(),
    productExperience: z
      .union([
        z.strictObject({ isSkipped: z.literal(true) }),
        productExperienceInput.extend({ isSkipped: z.literal(false).optional() }),
      ])
      .optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'revision'), { message: 'Nothing to save' });
export type UpdateOnboardingDataBody = z.input<typeof updateOnboardingDataBody>;

/** The spec's subscribe payload; the server always uses the signed-in account's own address and names. */
export const newsletterSubscribeBody = z.strictObject({
  email: z.string().max(254).optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
});

const newsletterStatus = z.enum([
  'subscribed',
  'unsubscribed',
  'pending',
  'cleaned',
  'transactional',
  'archived',
  'not_found',
]);
export type NewsletterStatus = z.infer<typeof newsletterStatus>;

export const newsletterStatusResponse = z.object({ subscribed: z.boolean(), status: newsletterStatus });
export const newsletterChangeResponse = z.object({
  success: z.literal(true),
  subscribed: z.boolean(),
  status: newsletterStatus,
  progress,
});

/** Body of the 409 answer to a stale list save. */
export const staleListsBody = z.object({ error: z.literal('stale_revision'), message: z.string(), progress });
