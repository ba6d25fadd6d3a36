import { queryOptions } from '@tanstack/react-query';
import type { OnboardingRoutes } from '@portal/contracts/onboarding/routes';
import type {
  CompleteStepBody,
  Progress,
  UpdateOnboardingDataBody,
} from '@portal/contracts/onboarding/schemas';
import type { ResponseOf } from '@portal/contracts/core/http';
import { ApiError, request } from '../../lib/api';
import { PROGRESS_PATH } from '../../lib/progress';
import { queryClient } from '../../lib/queryClient';
import { ME_KEY, type User } from '../../lib/session';
import { onboardingApi } from '../../lib/endpoints';

export type { Progress };

/** The cached `{ progress }` under ['/api/onboarding-progress'] (the shell reads the same entry). */
export const PROGRESS_KEY = [PROGRESS_PATH] as const;
export const fullProgressQuery = queryOptions<{ progress: Progress }>({ queryKey: PROGRESS_KEY });

/** After a step save: the answer is the fresh progress; the user (newsletter flag) is read again. */
export function progressSaved(progress: Progress) {
  queryClient.setQueryData(PROGRESS_KEY, { progress });
  void queryClient.invalidateQueries({ queryKey: ME_KEY });
}

export async function completeStep(body: CompleteStepBody): Promise<Progress> {
  const { progress } = await request(onboardingApi.completeStep, {
    body,
  });
  progressSaved(progress);
  return progress;
}

export async function updateOnboardingData(body: UpdateOnboardingDataBody): Promise<Progress> {
  const { progress } = await request(onboardingApi.updateData, {
    body,
  });
  progressSaved(progress);
  return progress;
}

/** A 409 answer to a stale list save carries the current progress. */
export function staleProgressOf(error: unknown): Progress | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { progress?: Progress } | null;
  return body?.progress ?? null;
}

export type NewsletterState =
  ResponseOf<OnboardingRoutes['newsletterStatus']> | { subscribed: false; status: 'error' };

export const NEWSLETTER_STATUS_KEY = [onboardingApi.newsletterStatus.path] as const;

/**
 * The status check of step 1 (spec 000 section 4): GET /api/check-newsletter-status reads the
 * list's answer and changes nothing; when that answer disagrees with what we recorded (the
 * newsletter flag or step 1; an opt-in the list does not know yet), POST
 * /api/newsletter/sync-status makes the flag and step 1 follow it. A failure reads as
 * `{ subscribed: false, status: 'error' }` (spec 000 section 8).
 */
export const newsletterStatusQuery = queryOptions<NewsletterState>({
  queryKey: NEWSLETTER_STATUS_KEY,
  queryFn: async ({ signal }) => {
    try {
      const read = await request(onboardingApi.newsletterStatus, {
        signal,
      });
      if (agreesWithRecord(read)) return read;
      const synced = await request(onboardingApi.newsletterSync, {
        signal,
      });
      progressSaved(synced.progress);
      return { subscribed: synced.subscribed, status: synced.status };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw error;
      return { subscribed: false, status: 'error' };
    }
  },
  staleTime: 0,
  gcTime: 0,
});

/** Whether the list's answer matches the recorded flag and step 1 (as far as this page has read them). */
function agreesWithRecord(read: ResponseOf<OnboardingRoutes['newsletterStatus']>): boolean {
  const flag = queryClient.getQueryData<User | null>(ME_KEY)?.newsletter;
  const step1 = queryClient.getQueryData<{ progress: Progress }>(PROGRESS_KEY)?.progress.step1Completed;
  if (read.status === 'not_found' && flag) return false;
  return read.subscribed === Boolean(flag) && read.subscribed === Boolean(step1);
}

export async function subscribeNewsletter(body: { email: string; firstName: string; lastName: string }) {
  const res = await request(onboardingApi.newsletterSubscribe, { body });
  progressSaved(res.progress);
  return res;
}

export async function unsubscribeNewsletter() {
  const res = await request(onboardingApi.newsletterUnsubscribe);
  progressSaved(res.progress);
  return res;
}

/** The newsletter status is read again 1 s after a change (spec 000 section 4). */
const NEWSLETTER_RECHECK_MS = 1000;
export function recheckNewsletterSoon() {
  setTimeout(
    () => void queryClient.invalidateQueries({ queryKey: NEWSLETTER_STATUS_KEY }),
    NEWSLETTER_RECHECK_MS,
  );
}
