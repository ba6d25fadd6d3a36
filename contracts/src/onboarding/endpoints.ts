import { endpoint } from '../core/endpoint';

// Zod-free on purpose: the partner app imports this file (paths, constants and the referral
// link rule) without pulling schema code into its bundles.
/** Method and path of every foundation-training and newsletter call (spec 000 section 7). */
export const onboardingEndpoints = {
  progress: endpoint('GET', '/api/onboarding-progress'),
  completeStep: endpoint('POST', '/api/complete-step'),
  updateData: endpoint('POST', '/api/update-onboarding-data'),
  newsletterSubscribe: endpoint('POST', '/api/newsletter/subscribe'),
  newsletterUnsubscribe: endpoint('POST', '/api/newsletter/unsubscribe'),
  newsletterStatus: endpoint('GET', '/api/check-newsletter-status'),
  /** the spec's "a status check syncs the flag to the server answer", as a command (GETs change nothing) */
  newsletterSync: endpoint('POST', '/api/newsletter/sync-status'),
} as const;

/** Five foundation steps. */
export const STEP_COUNT = 5;
export const STEPS = [1, 2, 3, 4, 5] as const;
export type StepNumber = (typeof STEPS)[number];

/** Step 3: each list needs at least this many names; the progress bar counts up to the target. */
export const LIST_MIN_ENTRIES = 5;
export const LIST_TARGET_ENTRIES = 10;
/** Upper bounds (not in the spec): generous for a prospect list, small enough for one JSON row. */
export const LIST_MAX_ENTRIES = 200;
export const ENTRY_NAME_MAX = 120;
export const ENTRY_NOTE_MAX = 500;
export const TEXT_ANSWER_MAX = 2000;
export const SHORT_ANSWER_MAX = 200;

/** Step 2: the partner referral site (the spec's {host}); see docs/decisions/onboarding.md. */
export const REFERRAL_HOST = 'ufeelgreat.com';
const REFERRAL_CODE_MAX = 64;

/** The spec's texts for a rule that fails (server messages; the app shows translated ones). */
export const ONBOARDING_MESSAGES = {
  invalidLink: `Please enter a valid UFeelGreat link format (${REFERRAL_HOST}/c/YOURLINKHERE).`,
  listsTooShort: `Add at least ${LIST_MIN_ENTRIES} names to each list to complete Step 3.`,
  emptyName: 'Names cannot be empty.',
  requiredFields: 'Please fill in required fields',
  notSubscribed: 'Subscribe to the newsletter to complete Step 1.',
  staleLists:
    'Your lists were changed in another window. The latest lists are included; apply your change again.',
  subscribeFailed: 'Failed to subscribe to newsletter. Please try again.',
  unsubscribeFailed: 'Unsubscribe failed. Please try again.',
  statusFailed: 'Unable to verify newsletter status.',
} as const;

/**
 * The step 2 rule (spec 000 section 5): strip the scheme; a bare code gets `{host}/c/` in
 * front; the result must be the referral host with the path `/c/` followed only by letters
 * and digits. Answers the canonical `https://ufeelgreat.com/c/<code>` (code as typed), or
 * null when the input does not follow the rule.
 */
export function normalizeReferralLink(input: string): string | null {
  let s = input.trim();
  if (!s || s.length > 300) return null;
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  if (/^[a-z0-9]+$/i.test(s)) s = `${REFERRAL_HOST}/c/${s}`;
  const m = /^(?:www\.)?([a-z0-9.-]+)\/c\/([a-z0-9]+)\/?$/i.exec(s);
  if (!m || m[1].toLowerCase() !== REFERRAL_HOST || m[2].length > REFERRAL_CODE_MAX) return null;
  return `https://${REFERRAL_HOST}/c/${m[2]}`;
}
