import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { type CoachingEvent, coachingDecider } from './decider';

const given = (...events: CoachingEvent[]) =>
  events.reduce(coachingDecider.evolve, coachingDecider.initialState());
const sent = (at: string): CoachingEvent => ({ type: 'NudgeSent', data: { sponsorId: 's', note: null, at } });
const nudge = (at: string) => ({ type: 'SendNudge', sponsorId: 's', note: 'Keep going!', at }) as const;
const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
};

describe('coaching decider', () => {
  it('sends a nudge, then none for 72 hours', () => {
    expect(coachingDecider.decide(nudge('2026-11-20T10:00:00Z'), given())).toEqual([
      { type: 'NudgeSent', data: { sponsorId: 's', note: 'Keep going!', at: '2026-11-20T10:00:00Z' } },
    ]);
    const after = given(sent('2026-11-20T10:00:00.000Z'));
    expect(code(() => coachingDecider.decide(nudge('2026-11-23T09:59:59Z'), after))).toBe('nudge_too_soon');
    expect(coachingDecider.decide(nudge('2026-11-23T10:00:00Z'), after)).toHaveLength(1);
  });

  it('refuses nudges a partner turned off, and records the choice once', () => {
    const off = given({ type: 'NudgesTurnedOff', data: {} });
    expect(code(() => coachingDecider.decide(nudge('2026-11-20T10:00:00Z'), off))).toBe('nudges_off');
    expect(coachingDecider.decide({ type: 'SetNudges', allowed: false }, off)).toEqual([]);
    expect(coachingDecider.decide({ type: 'SetNudges', allowed: true }, off)).toEqual([
      { type: 'NudgesTurnedOn', data: {} },
    ]);
  });
});

describe('live-call reminders setting', () => {
  it('is off until the partner opts in, and records each change once', () => {
    expect(coachingDecider.initialState().callReminders).toBe(false);
    expect(coachingDecider.decide({ type: 'SetCallReminders', enabled: false }, given())).toEqual([]);
    expect(coachingDecider.decide({ type: 'SetCallReminders', enabled: true }, given())).toEqual([
      { type: 'CallRemindersTurnedOn', data: {} },
    ]);
    const on = given({ type: 'CallRemindersTurnedOn', data: {} });
    expect(coachingDecider.decide({ type: 'SetCallReminders', enabled: true }, on)).toEqual([]);
    expect(coachingDecider.decide({ type: 'SetCallReminders', enabled: false }, on)).toEqual([
      { type: 'CallRemindersTurnedOff', data: {} },
    ]);
    // independent of nudges
    expect(
      given({ type: 'NudgesTurnedOff', data: {} }, { type: 'CallRemindersTurnedOn', data: {} }),
    ).toMatchObject({ nudgesOff: true, callReminders: true });
  });
});
