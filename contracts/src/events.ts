import type { EventDef } from './core/events';
import { authEvents } from './auth/events';
import { onboardingEvents } from './onboarding/events';
import { academyEvents } from './academy/events';
import { partnersEvents } from './partners/events';
import { adminEvents } from './admin/events';
import { contentEvents } from './content/events';
import { coachingEvents } from './coaching/events';
import { secondFactorEvents } from './secondFactor/events';

/** Every domain event the system records, by type. */
export const allEvents: readonly EventDef[] = [
  ...authEvents,
  ...onboardingEvents,
  ...academyEvents,
  ...partnersEvents,
  ...adminEvents,
  ...contentEvents,
  ...coachingEvents,
  ...secondFactorEvents,
];

export const eventsByType: ReadonlyMap<string, EventDef> = new Map(allEvents.map((e) => [e.type, e]));
