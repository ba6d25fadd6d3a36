import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../../testing/deciderSpec';
import { type CoachingEvent, coachingDecider } from './decider';

const { given } = deciderSpec(coachingDecider);
const sent = (at: string): CoachingEvent => ({ type: 'NudgeSent', data: { sponsorId: 's', note: null, at } });
const nudge = (at: string) => ({ type: 'SendNudge', sponsorId: 's', note: 'Keep going!', at }) as const;

describe('coaching decider', () => {
  it('sends a nudge, then none for 72 hours', () => {
    given()
      .when(nudge('2026-11-20T10:00:00Z'))
      .then([
        { type: 'NudgeSent', data: { sponsorId: 's', note: 'Keep going!', at: '2026-11-20T10:00:00Z' } },
      ]);
    const after = given(sent('2026-11-20T10:00:00.000Z'));
    after.when(nudge('2026-11-23T09:59:59Z')).thenThrows('nudge_too_soon', { kind: 'conflict' });
    after.when(nudge('2026-11-23T10:00:00Z')).thenTypes(['NudgeSent']);
  });

  it('refuses nudges a partner turned off, and records the choice once', () => {
    const off = given({ type: 'NudgesTurnedOff', data: {} });
    off.when(nudge('2026-11-20T10:00:00Z')).thenThrows('nudges_off', { kind: 'conflict' });
    off.when({ type: 'SetNudges', allowed: false }).thenNothing();
    off.when({ type: 'SetNudges', allowed: true }).then([{ type: 'NudgesTurnedOn', data: {} }]);
  });
});

describe('live-call reminders setting', () => {
  it('is off until the partner opts in, and records each change once', () => {
    expect(given().state.callReminders).toBe(false);
    given().when({ type: 'SetCallReminders', enabled: false }).thenNothing();
    given()
      .when({ type: 'SetCallReminders', enabled: true })
      .then([{ type: 'CallRemindersTurnedOn', data: {} }]);
    const on = given({ type: 'CallRemindersTurnedOn', data: {} });
    on.when({ type: 'SetCallReminders', enabled: true }).thenNothing();
    on.when({ type: 'SetCallReminders', enabled: false }).then([
      { type: 'CallRemindersTurnedOff', data: {} },
    ]);
    // independent of nudges
    expect(
      given({ type: 'NudgesTurnedOff', data: {} }, { type: 'CallRemindersTurnedOn', data: {} }).state,
    ).toMatchObject({
      nudgesOff: true,
      callReminders: true,
    });
  });

  it('keeps the zone the partner turned reminders on from, and moves to a new one once', () => {
    given()
      .when({ type: 'SetCallReminders', enabled: true, timeZone: 'Europe/Paris' })
      .then([{ type: 'CallRemindersTurnedOn', data: { timeZone: 'Europe/Paris' } }]);
    const paris = given({ type: 'CallRemindersTurnedOn', data: { timeZone: 'Europe/Paris' } });
    expect(paris.state.callReminderTimeZone).toBe('Europe/Paris');
    paris.when({ type: 'SetCallReminders', enabled: true, timeZone: 'Europe/Paris' }).thenNothing();
    paris.when({ type: 'SetCallReminders', enabled: true }).thenNothing();
    paris
      .when({ type: 'SetCallReminders', enabled: true, timeZone: 'America/Mexico_City' })
      .then([{ type: 'CallReminderTimeZoneChanged', data: { timeZone: 'America/Mexico_City' } }]);
    // a zone alone: moves reminders that are on, and records nothing while they are off
    paris
      .when({ type: 'SetCallReminders', timeZone: 'Asia/Tokyo' })
      .then([{ type: 'CallReminderTimeZoneChanged', data: { timeZone: 'Asia/Tokyo' } }]);
    const offAgain = given(
      { type: 'CallRemindersTurnedOn', data: { timeZone: 'Europe/Paris' } },
      { type: 'CallRemindersTurnedOff', data: {} },
    );
    offAgain.when({ type: 'SetCallReminders', timeZone: 'Asia/Tokyo' }).thenNothing();
    // on again from a browser that names no zone: the zone they had
    offAgain
      .when({ type: 'SetCallReminders', enabled: true })
      .then([{ type: 'CallRemindersTurnedOn', data: {} }]);
    expect(
      given(
        { type: 'CallRemindersTurnedOn', data: { timeZone: 'Europe/Paris' } },
        { type: 'CallRemindersTurnedOff', data: {} },
        { type: 'CallRemindersTurnedOn', data: {} },
      ).state.callReminderTimeZone,
    ).toBe('Europe/Paris');
    paris
      .when({ type: 'SetCallReminders', enabled: false })
      .then([{ type: 'CallRemindersTurnedOff', data: {} }]);
    // turned on before zones were kept: New York until a device sends its zone
    const old = given({ type: 'CallRemindersTurnedOn', data: {} });
    expect(old.state.callReminderTimeZone).toBeNull();
    old
      .when({ type: 'SetCallReminders', enabled: true, timeZone: 'Europe/Paris' })
      .then([{ type: 'CallReminderTimeZoneChanged', data: { timeZone: 'Europe/Paris' } }]);
    expect(
      given(
        { type: 'CallRemindersTurnedOn', data: { timeZone: 'Europe/Paris' } },
        { type: 'CallReminderTimeZoneChanged', data: { timeZone: 'Asia/Tokyo' } },
      ).state.callReminderTimeZone,
    ).toBe('Asia/Tokyo');
  });
});
