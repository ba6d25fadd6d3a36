import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { type UserEvent, userDecider } from './decider';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    uid: 'P-ABC123',
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: 'ana@example.com',
    passwordHash: '$2b$12$x',
    sponsorId: null,
    isAdmin: false,
    mustChangePassword: false,
    source: 'self',
  },
};

const given = (...events: UserEvent[]) => events.reduce(userDecider.evolve, userDecider.initialState());

describe('user decider', () => {
  it('registers once, with the newsletter opt-in as its own event', () => {
    const events = userDecider.decide({ type: 'Register', data: registered.data, newsletter: true }, given());
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'NewsletterSubscribed']);
    expect(() =>
      userDecider.decide({ type: 'Register', data: registered.data, newsletter: false }, given(registered)),
    ).toThrow(DomainError);
  });

  it('locks and unlocks idempotently', () => {
    expect(userDecider.decide({ type: 'SetLocked', locked: true }, given(registered))).toEqual([
      { type: 'UserLocked', data: {} },
    ]);
    expect(
      userDecider.decide(
        { type: 'SetLocked', locked: true },
        given(registered, { type: 'UserLocked', data: {} }),
      ),
    ).toEqual([]);
  });

  it('a temporary password forces a change, and a change clears it', () => {
    const reset = given(registered, { type: 'TemporaryPasswordIssued', data: { passwordHash: 'h2' } });
    expect(reset.mustChangePassword).toBe(true);
    const changed = userDecider.evolve(reset, {
      type: 'PasswordChanged',
      data: { passwordHash: 'h3', reason: 'forced' },
    });
    expect(changed.mustChangePassword).toBe(false);
  });

  it('edits only the fields that changed, and refuses commands for a missing user', () => {
    expect(
      userDecider.decide(
        { type: 'EditDetails', changes: { firstName: 'Ana', lastName: 'Gómez' } },
        given(registered),
      ),
    ).toEqual([{ type: 'UserDetailsEdited', data: { lastName: 'Gómez' } }]);
    expect(() => userDecider.decide({ type: 'SetAdmin', admin: true }, given())).toThrow('User not found');
  });

  it('requires a phone number for SMS opt-in', () => {
    expect(() =>
      userDecider.decide(
        { type: 'UpdateProfile', firstName: 'Ana', lastName: 'Ruiz', phoneNumber: null, smsOptIn: true },
        given(registered),
      ),
    ).toThrow('Phone number is required');
  });
});
