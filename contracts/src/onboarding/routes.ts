import { defineRoute } from '../core/http';
import { onboardingEndpoints } from './endpoints';
import {
  completeStepBody,
  newsletterChangeResponse,
  newsletterStatusResponse,
  newsletterSubscribeBody,
  progressEnvelope,
  staleListsBody,
  updateOnboardingDataBody,
} from './schemas';

const MAILING_FAILED =
  'The mailing service refused or did not answer; `Retry-After` when it is rate limiting (`newsletter_failed`).';

/** Foundation training and newsletter routes: every one is the signed-in partner's own data ('user'). */
export const onboardingRoutes = {
  progress: defineRoute({
    ...onboardingEndpoints.progress,
    access: 'user',
    summary: "The signed-in partner's foundation progress",
    tags: ['onboarding'],
    response: progressEnvelope,
  }),
  completeStep: defineRoute({
    ...onboardingEndpoints.completeStep,
    access: 'user',
    summary: 'Complete a foundation step (its rule is checked on the server); answers the new progress',
    tags: ['onboarding'],
    body: completeStepBody,
    response: progressEnvelope,
  }),
  updateData: defineRoute({
    ...onboardingEndpoints.updateData,
    errors: {
      409: {
        when: 'The lists changed since `revision`: the answer carries the current progress (`stale_revision`).',
        body: staleListsBody,
      },
    },
    access: 'user',
    summary:
      'Save prospect lists (with the revision they were read at; 409 when stale), the referral link, or skip step 4',
    tags: ['onboarding'],
    body: updateOnboardingDataBody,
    response: progressEnvelope,
  }),
  newsletterSubscribe: defineRoute({
    ...onboardingEndpoints.newsletterSubscribe,
    errors: { 502: MAILING_FAILED },
    access: 'user',
    summary: 'Subscribe the signed-in partner to the newsletter (completes step 1)',
    tags: ['onboarding'],
    body: newsletterSubscribeBody,
    response: newsletterChangeResponse,
  }),
  newsletterUnsubscribe: defineRoute({
    ...onboardingEndpoints.newsletterUnsubscribe,
    errors: { 502: MAILING_FAILED },
    access: 'user',
    summary: 'Unsubscribe the signed-in partner from the newsletter (step 1 becomes incomplete)',
    tags: ['onboarding'],
    response: newsletterChangeResponse,
  }),
  newsletterStatus: defineRoute({
    ...onboardingEndpoints.newsletterStatus,
    errors: { 502: MAILING_FAILED },
    access: 'user',
    summary:
      "The partner's newsletter status as the mailing service reports it (a read: nothing is recorded or changed)",
    tags: ['onboarding'],
    response: newsletterStatusResponse,
  }),
  newsletterSync: defineRoute({
    ...onboardingEndpoints.newsletterSync,
    access: 'user',
    summary:
      "Make the partner's newsletter flag and step 1 follow the mailing service's answer (a registration opt-in not yet on the list is subscribed)",
    tags: ['onboarding'],
    response: newsletterChangeResponse,
  }),
} as const;

export type OnboardingRoutes = typeof onboardingRoutes;
