import { queryOptions } from '@tanstack/react-query';
import type { AcademyRoutes } from '@portal/contracts/academy/routes';
import type { ResponseOf } from '@portal/contracts/core/http';
import { shouldAutoPrompt } from '@portal/contracts/academy/tutorial';
import { request } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { academyApi } from '../../lib/endpoints';

export type TutorialRecord = ResponseOf<AcademyRoutes['tutorial']>;

/** Tour timing and layout (spec section 9). */
export const TOUR_START_DELAY_MS = 500;
export const ACADEMY_PROMPT_DELAY_MS = 1000;
export const TOUR_SCROLL_OFFSET = 120;
export const TOUR_SPOTLIGHT_PADDING = 10;
/** Anchors of the six tour steps, in order (`data-tour` attributes on the hub). */
export const TOUR_ANCHORS = [
  'live-calls',
  'replays',
  'success-stories',
  'resources',
  'partners',
  'progress',
] as const;

const TUTORIAL_KEY = [academyApi.tutorial.path] as const;

/** GET /api/academy-tutorial (only used while signed in). */
export const tutorialQuery = queryOptions<TutorialRecord>({
  queryKey: TUTORIAL_KEY,
  queryFn: ({ signal }) => request(academyApi.tutorial, { signal }),
  staleTime: 0,
});

/** Auto-prompt: a tutorial record with nothing skipped, seen or completed (the contracts' rule). */
export const shouldPrompt = (r: TutorialRecord | undefined | null) => !!r && shouldAutoPrompt(r);

const logFailure = (error: unknown) => console.error('Error updating tour status', error);

/** The tour was finished: POST complete-tour. A failure is only logged; the caller goes on. */
export async function recordTourCompleted(): Promise<void> {
  try {
    const record = await request(academyApi.completeTour);
    queryClient.setQueryData(TUTORIAL_KEY, record);
  } catch (error) {
    logFailure(error);
  }
}

/** The tour (or its prompt) was skipped or closed: PATCH, then refresh the record. Failures are only logged. */
export async function recordTourSkipped(): Promise<void> {
  try {
    await request(academyApi.updateTutorial, {
      body: { skipTutorial: true, academyTourSeen: true },
    });
  } catch (error) {
    logFailure(error);
  }
  await queryClient.invalidateQueries({ queryKey: TUTORIAL_KEY });
}
