import { z } from 'zod';
import { counted, defineEvent } from '../core/events';
import { WHY_ANSWER_FIELDS, confidenceLevel, whyAnswers } from './schemas';

/**
 * Events of the onboarding stream `Onboarding-<userId>`: the partner's foundation progress.
 * Newsletter subscription itself is on the user stream (NewsletterSubscribed /
 * NewsletterUnsubscribed); step 1 follows it here with StepCompleted / StepReopened.
 */
const step = z.number().int().min(1).max(5);
const entry = z.object({ id: z.string(), name: z.string(), note: z.string().optional() });

/** when it was done, for imported or seeded history (ISO); the event's time otherwise */
const completedAt = z.string().optional();

export const StepCompleted = defineEvent({
  type: 'StepCompleted',
  schema: z.object({ step, completedAt }),
  summary: (d) => `Foundation step ${d.step} completed`,
});

export const StepReopened = defineEvent({
  type: 'StepReopened',
  schema: z.object({ step }),
  summary: (d) => `Foundation step ${d.step} marked incomplete again`,
});

export const ReferralLinkSaved = defineEvent({
  type: 'ReferralLinkSaved',
  schema: z.object({ feelGreatLink: z.string() }),
  summary: () => 'Referral link saved',
});

export const ProspectListsUpdated = defineEvent({
  type: 'ProspectListsUpdated',
  schema: z.object({ customerList: z.array(entry), partnerList: z.array(entry) }),
  summary: (d) =>
    `Prospect lists saved (${counted(d.customerList.length, 'customer')}, ${counted(d.partnerList.length, 'partner')})`,
  personal: ['customerList', 'partnerList'],
});

export const ProductExperienceSubmitted = defineEvent({
  type: 'ProductExperienceSubmitted',
  schema: z.object({
    startDate: z.string(),
    positiveChanges: z.string(),
    confidenceLevel,
    challenges: z.string().optional(),
  }),
  summary: () => 'Product experience submitted',
  personal: ['startDate', 'positiveChanges', 'challenges'],
});

export const ProductExperienceSkipped = defineEvent({
  type: 'ProductExperienceSkipped',
  schema: z.object({}),
  summary: () => 'Product experience step skipped',
});

export const WhyAnswersSubmitted = defineEvent({
  type: 'WhyAnswersSubmitted',
  schema: whyAnswers,
  summary: (d) => `Why answers submitted (${d.shareWithSponsor ? 'shared with sponsor' : 'private'})`,
  personal: [...WHY_ANSWER_FIELDS],
});

export const TrainingCompleted = defineEvent({
  type: 'TrainingCompleted',
  schema: z.object({ completedAt }),
  summary: () => 'Foundation training completed; Academy unlocked',
});

export const TrainingReset = defineEvent({
  type: 'TrainingReset',
  schema: z.object({}),
  summary: () => 'Foundation training reset: all five steps incomplete',
});

export const onboardingEvents = [
  StepCompleted,
  StepReopened,
  ReferralLinkSaved,
  ProspectListsUpdated,
  ProductExperienceSubmitted,
  ProductExperienceSkipped,
  WhyAnswersSubmitted,
  TrainingCompleted,
  TrainingReset,
] as const;
