import { describe, expect, it } from 'vitest';
import {
  callPhase,
  countdownParts,
  googleCalendarUrl,
  nextOccurrence,
  nthWeekdayOfMonth,
  recurrenceRule,
  yahooCalendarUrl,
  zonedInstant,
} from './schedule';

const tuesday8pm = { dayOfWeek: 2, time: '20:00' };
const tuesday9pm = { dayOfWeek: 2, time: '21:00' };
const thirdMonday9pm = { dayOfWeek: 1, time: '21:00', weekOfMonth: 3 };

const next = (rule: Parameters<typeof nextOccurrence>[0], now: string) =>
  nextOccurrence(rule, new Date(now)).toISOString();

describe('next occurrence in America/New_York', () => {
  it('spring 2026 (clocks forward on 8 March): 8 PM EST is 01:00Z, 8 PM EDT is 00:00Z', () => {
    expect(next(tuesday8pm, '2026-03-02T12:00:00Z')).toBe('2026-03-04T01:00:00.000Z');
    // after that call, the next Tuesday is after the change
    expect(next(tuesday8pm, '2026-03-04T02:30:00Z')).toBe('2026-03-11T00:00:00.000Z');
    // the Sunday of the change itself
    expect(next(tuesday9pm, '2026-03-08T07:30:00Z')).toBe('2026-03-11T01:00:00.000Z');
  });

  it('autumn 2026 (clocks back on 1 November)', () => {
    expect(next(tuesday8pm, '2026-10-26T12:00:00Z')).toBe('2026-10-28T00:00:00.000Z');
    expect(next(tuesday8pm, '2026-10-28T01:30:00Z')).toBe('2026-11-04T01:00:00.000Z');
    expect(next(tuesday9pm, '2026-11-01T05:30:00Z')).toBe('2026-11-04T02:00:00.000Z');
  });

  it('spring 2027 (14 March) and autumn 2027 (7 November)', () => {
    expect(next(tuesday8pm, '2027-03-08T12:00:00Z')).toBe('2027-03-10T01:00:00.000Z');
    expect(next(tuesday8pm, '2027-03-11T12:00:00Z')).toBe('2027-03-17T00:00:00.000Z');
    expect(next(tuesday8pm, '2027-11-01T12:00:00Z')).toBe('2027-11-03T00:00:00.000Z');
    expect(next(tuesday8pm, '2027-11-04T12:00:00Z')).toBe('2027-11-10T01:00:00.000Z');
  });

  it('keeps the call while it runs (one hour), then moves to the next week', () => {
    // 20:30 New York on Tuesday 3 March 2026 (EST): the 20:00 call is in progress
    const start = nextOccurrence(tuesday8pm, new Date('2026-03-04T01:30:00Z'));
    expect(start.toISOString()).toBe('2026-03-04T01:00:00.000Z');
    expect(callPhase(start, new Date('2026-03-04T01:30:00Z')).phase).toBe('in-progress');
    expect(next(tuesday8pm, '2026-03-04T02:00:00Z')).toBe('2026-03-11T00:00:00.000Z');
  });

  it('is "soon" from 60 minutes before the start', () => {
    const start = new Date('2026-03-11T00:00:00Z');
    expect(callPhase(start, new Date('2026-03-10T22:59:59Z')).phase).toBe('later');
    expect(callPhase(start, new Date('2026-03-10T23:00:00Z')).phase).toBe('soon');
    expect(callPhase(start, new Date('2026-03-10T23:59:59Z')).phase).toBe('soon');
    expect(callPhase(start, start).phase).toBe('in-progress');
    expect(countdownParts(90_061_000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
  });
});

describe('third-Monday rule', () => {
  it('finds the third Monday of each month', () => {
    expect(nthWeekdayOfMonth(2026, 3, 1, 3)).toBe(16); // 1 March 2026 is a Sunday
    expect(nthWeekdayOfMonth(2026, 6, 1, 3)).toBe(15); // 1 June 2026 is a Monday
    expect(nthWeekdayOfMonth(2026, 11, 1, 3)).toBe(16);
    expect(nthWeekdayOfMonth(2027, 3, 1, 3)).toBe(15);
  });

  it('gives the next third Monday at 9 PM New York time, across the changes', () => {
    expect(next(thirdMonday9pm, '2026-03-01T12:00:00Z')).toBe('2026-03-17T01:00:00.000Z'); // EDT
    expect(next(thirdMonday9pm, '2026-03-17T02:00:00Z')).toBe('2026-04-21T01:00:00.000Z');
    expect(next(thirdMonday9pm, '2026-10-20T12:00:00Z')).toBe('2026-11-17T02:00:00.000Z'); // EST
    expect(next(thirdMonday9pm, '2027-02-16T12:00:00Z')).toBe('2027-03-16T01:00:00.000Z');
    // the first or second Monday is never taken
    expect(next(thirdMonday9pm, '2026-06-01T00:00:00Z')).toBe('2026-06-16T01:00:00.000Z');
  });
});

describe('zoned wall time', () => {
  it('maps New York wall times to instants on both sides of a change', () => {
    expect(new Date(zonedInstant(2026, 3, 7, 12, 0)).toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(new Date(zonedInstant(2026, 3, 9, 12, 0)).toISOString()).toBe('2026-03-09T16:00:00.000Z');
  });
});

describe('calendar links', () => {
  const start = new Date('2026-03-11T00:00:00Z');
  const text = { title: 'Partner Training', details: 'Join: https://zoom.example/j/1' };
  it('Google: New York wall times, ctz and the weekly or monthly recurrence', () => {
    const url = new URL(googleCalendarUrl(tuesday8pm, start, text));
    expect(url.searchParams.get('dates')).toBe('20260310T200000/20260310T210000');
    expect(url.searchParams.get('ctz')).toBe('America/New_York');
    expect(url.searchParams.get('recur')).toBe('RRULE:FREQ=WEEKLY;BYDAY=TU');
    expect(url.searchParams.get('text')).toBe('Partner Training');
    expect(recurrenceRule(thirdMonday9pm)).toBe('RRULE:FREQ=MONTHLY;BYDAY=3MO');
  });
  it('Yahoo: one-hour event at the same instant, with its America/New_York time', () => {
    const url = new URL(yahooCalendarUrl(start, text));
    expect(url.searchParams.get('st')).toBe('20260311T000000Z');
    expect(url.searchParams.get('et')).toBe('20260311T010000Z');
    expect(url.searchParams.get('desc')).toBe(
      '2026-03-10 20:00 (America/New_York)\n\nJoin: https://zoom.example/j/1',
    );
    // in summer time too (EDT)
    const summer = new URL(yahooCalendarUrl(new Date('2026-07-15T00:00:00Z'), text));
    expect(summer.searchParams.get('desc')).toMatch(/^2026-07-14 20:00 \(America\/New_York\)\n/);
  });
});
