/**
 * Live-call schedule: the next start of a recurring call, computed in America/New_York and
 * correct across daylight-saving changes, plus the calendar links. Pure and zod-free: the
 * browser and the server (calendar feed) share it. Uses only Intl, so no date library ships
 * to the browser.
 */

export const CALL_TIME_ZONE = 'America/New_York';
/** Calendar events last one hour (spec section 9). */
export const CALL_DURATION_MINUTES = 60;
/** A call is "upcoming soon" when it starts within this many minutes. */
const UPCOMING_WINDOW_MINUTES = 60;

export interface CallRule {
  /** 0 = Sunday … 6 = Saturday */
  dayOfWeek: number;
  /** 'HH:MM', 24-hour wall time in America/New_York */
  time: string;
  /** 1..5: only the n-th such weekday of the month (3 = third Monday); null = every week */
  weekOfMonth?: number | null;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string) {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, f);
  }
  return f;
}

/**
 * The IANA time zone this runtime knows by that name, spelt as the runtime spells it
 * ("europe/paris" → "Europe/Paris"); null for a zone it does not know. No cache: it checks
 * names sent by browsers.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Wall-clock fields of an instant in a time zone. */
export function wallTime(instant: number, timeZone = CALL_TIME_ZONE) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** Offset of the zone from UTC at an instant, in ms (New York: −5 h or −4 h). */
function zoneOffset(instant: number, timeZone = CALL_TIME_ZONE): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the zone's clocks show the given wall time. */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone = CALL_TIME_ZONE,
): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let instant = guess - zoneOffset(guess, timeZone);
  // the offset at the answer may differ from the one at the guess (near a change): settle it
  const corrected = guess - zoneOffset(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  return instant;
}

export const parseTime = (time: string): { hour: number; minute: number } => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!m) throw new Error(`Invalid call time ${time}`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
};

/** Whether a calendar date (y, m 1-12, d) matches the rule's weekday and week of the month. */
function matchesRule(rule: CallRule, year: number, month: number, day: number): boolean {
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDay() !== rule.dayOfWeek) return false;
  if (rule.weekOfMonth == null) return true;
  return Math.ceil(day / 7) === rule.weekOfMonth;
}

/**
 * Start of the call's current or next occurrence: the earliest start whose one-hour slot has
 * not ended yet at `now`. (While a call runs, its start is in the past: "Call in progress".)
 */
export function nextOccurrence(
  rule: CallRule,
  now: Date | number,
  durationMinutes = CALL_DURATION_MINUTES,
): Date {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const { hour, minute } = parseTime(rule.time);
  const today = wallTime(nowMs);
  const base = Date.UTC(today.year, today.month - 1, today.day);
  // yesterday covers a call still running just after midnight; 6 weeks cover any n-th weekday
  for (let i = -1; i <= 45; i++) {
    const d = new Date(base + i * DAY);
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth() + 1;
    const day = d.getUTCDate();
    if (!matchesRule(rule, y, m, day)) continue;
    const start = zonedInstant(y, m, day, hour, minute);
    if (start + durationMinutes * MINUTE > nowMs) return new Date(start);
  }
  throw new Error('No occurrence found');
}

/** The n-th weekday (0 = Sunday) of a month, as a day of the month. */
export function nthWeekdayOfMonth(year: number, month: number, dayOfWeek: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((dayOfWeek - first + 7) % 7) + (n - 1) * 7;
}

export type CallPhase = 'in-progress' | 'soon' | 'later';

/** Milliseconds until the start (≤ 0 while the call runs) and what to show. */
export function callPhase(start: Date, now: Date | number): { msUntil: number; phase: CallPhase } {
  const msUntil = start.getTime() - (typeof now === 'number' ? now : now.getTime());
  if (msUntil <= 0) return { msUntil, phase: 'in-progress' };
  return { msUntil, phase: msUntil <= UPCOMING_WINDOW_MINUTES * MINUTE ? 'soon' : 'later' };
}

/** Countdown parts of a positive duration. */
export function countdownParts(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** iCalendar RRULE of a call: weekly on its day, or monthly on the n-th weekday. */
export function recurrenceRule(rule: CallRule): string {
  const day = BYDAY[rule.dayOfWeek];
  return rule.weekOfMonth == null
    ? `RRULE:FREQ=WEEKLY;BYDAY=${day}`
    : `RRULE:FREQ=MONTHLY;BYDAY=${rule.weekOfMonth}${day}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 20260304T200000: wall time in New York, the form Google's template expects with ctz. */
function wallStamp(instant: number): string {
  const w = wallTime(instant);
  return `${w.year}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}
/** 20260305T010000Z */
function utcStamp(instant: number): string {
  const d = new Date(instant);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

export interface CalendarEventText {
  title: string;
  details: string;
  location?: string;
}

/** "Add to Google Calendar": New York wall times with ctz, and the recurrence. */
export function googleCalendarUrl(rule: CallRule, start: Date, text: CalendarEventText): string {
  const s = start.getTime();
  const e = s + CALL_DURATION_MINUTES * MINUTE;
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: text.title,
    dates: `${wallStamp(s)}/${wallStamp(e)}`,
    details: text.details,
    ctz: CALL_TIME_ZONE,
    recur: recurrenceRule(rule),
  });
  if (text.location) q.set('location', text.location);
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/**
 * "Tuesday, March 10 at 8:00 PM EDT": a call's start as a partner reads it, in their language and
 * time zone (the live-calls page: the browser's zone; a reminder: the zone the partner gave).
 */
export function callStartText(instant: number, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(instant));
}

/** "2026-03-10 20:00 (America/New_York)": the call's time where it is held. */
function newYorkTimeLine(instant: number): string {
  const w = wallTime(instant);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)} (${CALL_TIME_ZONE})`;
}

/**
 * "Add to Yahoo Calendar": Yahoo's template has no zone field (a time without Z is read in the
 * user's own zone), so the times are the exact instant in UTC and the description carries the
 * New York wall time with the zone name, America/New_York.
 */
export function yahooCalendarUrl(start: Date, text: CalendarEventText): string {
  const s = start.getTime();
  const q = new URLSearchParams({
    v: '60',
    title: text.title,
    st: utcStamp(s),
    et: utcStamp(s + CALL_DURATION_MINUTES * MINUTE),
    desc: `${newYorkTimeLine(s)}\n\n${text.details}`,
  });
  if (text.location) q.set('in_loc', text.location);
  return `https://calendar.yahoo.com/?${q.toString()}`;
}
