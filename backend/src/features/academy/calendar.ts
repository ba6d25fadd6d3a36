import { createHmac, timingSafeEqual } from 'node:crypto';
import ical from 'ical-generator';
import { DateTime } from 'luxon';
import {
  CALL_DURATION_MINUTES,
  CALL_TIME_ZONE,
  nextOccurrence,
  recurrenceRule,
} from '@portal/contracts/academy/schedule';
import type { LiveCall } from '@portal/contracts/academy/schemas';

/**
 * The calendar feed is fetched by calendar apps, which cannot send our session cookie: each
 * user gets a secret feed address `…/api/live-calls.ics?token=<userId>.<mac>`, the MAC being an
 * HMAC under the session keys of the user id and the user's calendar key (a random value kept in
 * the users read model, replaced by a new password or by "Replace link" in Settings). Knowing the
 * session key alone is not enough to make a token; any current session key verifies, so a key
 * rotation keeps subscriptions working until the old key is removed. A locked or deleted user's
 * feed stops.
 */
const mac = (key: string, userId: string, calendarKey: string) =>
  createHmac('sha256', key)
    .update(`live-calls-feed:${userId}:${calendarKey}`)
    .digest('base64url')
    .slice(0, 32);

export function calendarToken(keys: string[], userId: string, calendarKey: string): string {
  return `${userId}.${mac(keys[0], userId, calendarKey)}`;
}

/** The user id a token names (not yet verified), or null when it has no such shape. */
export function calendarTokenUser(token: string): string | null {
  const dot = token.lastIndexOf('.');
  return dot > 0 ? token.slice(0, dot) : null;
}

/** Whether the token was issued to this user with this calendar key. */
export function verifyCalendarToken(
  keys: string[],
  token: string,
  userId: string,
  calendarKey: string,
): boolean {
  if (calendarTokenUser(token) !== userId) return false;
  const given = Buffer.from(token.slice(userId.length + 1));
  return keys.some((key) => {
    const expected = Buffer.from(mac(key, userId, calendarKey));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** America/New_York since 2007: EDT from the second Sunday of March, EST from the first Sunday of November. */
const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'X-LIC-LOCATION:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

const FEED_ANCHOR = new Date('2026-01-01T12:00:00Z');

const vtimezone = (tz: string) => (tz === CALL_TIME_ZONE ? NEW_YORK_VTIMEZONE : null);

/** The iCalendar feed: one recurring one-hour event per call, in New York time with its VTIMEZONE. */
export function liveCallsCalendar(
  calls: Array<LiveCall & { sequence?: number }>,
  options: { now: Date; origin: string; language?: 'en' | 'es' | 'fr' },
): string {
  const lang = options.language ?? 'en';
  const calendar = ical({
    name: 'Live Training Calls',
    prodId: { company: 'Training Academy', product: 'live-calls', language: lang.toUpperCase() },
    // no calendar-wide zone (DTSTAMP stays UTC); each event names New York and gets its VTIMEZONE
    timezone: { name: null, generator: vtimezone },
    ttl: 6 * 3600,
  });
  for (const call of calls) {
    // a fixed first occurrence keeps the feed identical from one fetch to the next
    const start = nextOccurrence(call, FEED_ANCHOR);
    const lines = [
      call.description[lang],
      '',
      ...call.focusAreas.map((f) => `• ${f[lang]}`),
      '',
      // without a join link yet: no link and no passcode line (the page posts them before the call)
      ...(call.zoomLink
        ? [`Join: ${call.zoomLink}`, ...(call.passcode ? [`Passcode: ${call.passcode}`] : [])]
        : []),
      ...(call.host ? [`Host: ${call.host}`] : []),
      `${options.origin}/live-calls`,
    ];
    calendar.createEvent({
      id: `live-call-${call.id}@training-academy`,
      // luxon values in the call's zone: ical-generator then writes New York wall times with TZID
      start: DateTime.fromJSDate(start, { zone: CALL_TIME_ZONE }),
      end: DateTime.fromJSDate(start, { zone: CALL_TIME_ZONE }).plus({ minutes: CALL_DURATION_MINUTES }),
      timezone: CALL_TIME_ZONE,
      stamp: DateTime.fromJSDate(options.now, { zone: 'utc' }),
      summary: call.name[lang],
      description: lines.join('\n'),
      location: call.zoomLink ?? null,
      url: call.zoomLink ?? `${options.origin}/live-calls`,
      repeating: recurrenceRule(call),
      // a changed call carries a higher SEQUENCE, so calendar apps replace the old one (RFC 5545)
      sequence: call.sequence ?? 0,
    });
  }
  return calendar.toString();
}
