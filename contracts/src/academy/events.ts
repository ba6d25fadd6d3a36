import { z } from 'zod';
import { defineEvent } from '../core/events';

/** Events of the tutorial stream `Tutorial-<userId>` (the academy guided tour). */
export const TourCompleted = defineEvent({
  type: 'TourCompleted',
  schema: z.object({}),
  summary: () => 'Academy tour finished',
});

/** The tour was skipped or closed: skipTutorial and academyTourSeen become true. */
export const TutorialSkipped = defineEvent({
  type: 'TutorialSkipped',
  schema: z.object({}),
  summary: () => 'Academy tour skipped',
});

/** Any other setting of the two flags (for instance turning the prompt back on). */
export const TutorialPreferencesChanged = defineEvent({
  type: 'TutorialPreferencesChanged',
  schema: z.object({ skipTutorial: z.boolean(), academyTourSeen: z.boolean() }),
  summary: (d) =>
    `Academy tour preferences: skip ${d.skipTutorial ? 'on' : 'off'}, seen ${d.academyTourSeen ? 'yes' : 'no'}`,
});

export const academyEvents = [TourCompleted, TutorialSkipped, TutorialPreferencesChanged] as const;
