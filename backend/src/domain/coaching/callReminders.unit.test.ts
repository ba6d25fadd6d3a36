import { describe, expect, it } from 'vitest';
import { callReminderId, callsStartingSoon } from './callReminders';

/** Live-call reminders (issue 18 point 5): which calls a scan at a given instant reminds of. */
const tuesday = { id: 'tue', dayOfWeek: 2, time: '20:00', weekOfMonth: null };
const firstSunday = { id: 'sun', dayOfWeek: 0, time: '19:00', weekOfMonth: 1 };
const due = (now: string, calls = [tuesday, firstSunday]) =>
  callsStartingSoon(calls, Date.parse(now)).map((d) => [d.call.id, d.startsAt.toISOString()]);

describe('live-call reminders', () => {
  it('finds a weekly call in the hour before it, in New York time on both sides of the March change', () => {
    // Tuesday 3 March 2026, 20:00 EST = 01:00 UTC on the 4th
    expect(due('2026-03-04T00:05:00Z')).toEqual([['tue', '2026-03-04T01:00:00.000Z']]);
    expect(due('2026-03-03T23:59:00Z')).toEqual([]);
    // clocks go forward on Sunday 8 March: Tuesday 10 March, 20:00 EDT = 00:00 UTC on the 11th
    expect(due('2026-03-10T23:05:00Z')).toEqual([['tue', '2026-03-11T00:00:00.000Z']]);
    expect(due('2026-03-10T22:59:00Z')).toEqual([]);
    // a week-old UTC time would remind now; the call has already begun
    expect(due('2026-03-11T00:05:00Z')).toEqual([]);
  });

  it('finds a monthly call on the day the clocks go back', () => {
    // first Sunday of October 2026, 19:00 EDT = 23:00 UTC
    expect(due('2026-10-04T22:10:00Z')).toEqual([['sun', '2026-10-04T23:00:00.000Z']]);
    // first Sunday of November 2026 is the day EDT ends: 19:00 EST = 00:00 UTC on the 2nd
    expect(due('2026-11-01T22:10:00Z')).toEqual([]);
    expect(due('2026-11-01T23:10:00Z')).toEqual([['sun', '2026-11-02T00:00:00.000Z']]);
    // the second Sunday is not the first
    expect(due('2026-11-08T23:10:00Z')).toEqual([]);
  });

  it('reminds until the start, not after it, and honours the lead time', () => {
    expect(due('2026-03-10T23:59:59Z')).toHaveLength(1);
    expect(due('2026-03-11T00:00:00Z')).toEqual([]);
    expect(callsStartingSoon([tuesday], Date.parse('2026-03-10T23:05:00Z'), 30)).toEqual([]);
  });

  it('names one reminder per call occurrence and person', () => {
    const start = new Date('2026-03-11T00:00:00Z');
    expect(callReminderId('tue', start, 'u1')).toBe(callReminderId('tue', new Date(start), 'u1'));
    expect(
      new Set([
        callReminderId('tue', start, 'u1'),
        callReminderId('tue', start, 'u2'),
        callReminderId('tue', new Date('2026-03-18T00:00:00Z'), 'u1'),
        callReminderId('sun', start, 'u1'),
      ]).size,
    ).toBe(4);
  });
});
