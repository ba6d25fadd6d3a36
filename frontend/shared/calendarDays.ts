const DAY_MS = 86_400_000;

const startOfLocalDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/**
 * Calendar days from `at` to `now` in this browser's time zone: 0 the same day, 1 the day before
 * (a sign-in at 22:00 is "yesterday" at 09:00, not "today" for being under 24 hours ago); never
 * negative (a clock slightly ahead). Rounded, so a day of 23 or 25 hours (summer time) counts one.
 */
export function calendarDaysSince(at: Date, now: Date): number {
  return Math.max(0, Math.round((startOfLocalDay(now) - startOfLocalDay(at)) / DAY_MS));
}
