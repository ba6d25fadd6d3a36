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

describe('user decider: second factor (issue 13)', () => {
  const enrolled: UserEvent = {
    type: 'SecondFactorEnrolled',
    data: { method: 'totp', secret: 'v1.x.y.z.w', recoveryCodeHashes: ['h1', 'h2'], step: 100 },
  };

  it('enrols once', () => {
    const events = userDecider.decide(
      { type: 'EnrolSecondFactor', secret: 's', recoveryCodeHashes: ['h'], step: 5 },
      given(registered),
    );
    expect(events).toEqual([
      {
        type: 'SecondFactorEnrolled',
        data: { method: 'totp', secret: 's', recoveryCodeHashes: ['h'], step: 5 },
      },
    ]);
    expect(() =>
      userDecider.decide(
        { type: 'EnrolSecondFactor', secret: 's', recoveryCodeHashes: ['h'], step: 5 },
        given(registered, enrolled),
      ),
    ).toThrow(/already set up/);
  });

  it('accepts each time step once: the confirming step and older ones are replays', () => {
    const state = given(registered, enrolled);
    expect(() => userDecider.decide({ type: 'VerifySecondFactor', step: 100 }, state)).toThrow(
      /already used/,
    );
    expect(() => userDecider.decide({ type: 'VerifySecondFactor', step: 99 }, state)).toThrow(/already used/);
    const [verified] = userDecider.decide({ type: 'VerifySecondFactor', step: 101 }, state);
    expect(verified).toEqual({ type: 'SecondFactorVerified', data: { step: 101 } });
    expect(() =>
      userDecider.decide({ type: 'VerifySecondFactor', step: 101 }, given(registered, enrolled, verified!)),
    ).toThrow(/already used/);
  });

  it('spends a recovery code once', () => {
    const [used] = userDecider.decide(
      { type: 'UseRecoveryCode', codeHash: 'h1' },
      given(registered, enrolled),
    );
    expect(used).toEqual({ type: 'RecoveryCodeUsed', data: { codeHash: 'h1', left: 1 } });
    expect(() =>
      userDecider.decide({ type: 'UseRecoveryCode', codeHash: 'h1' }, given(registered, enrolled, used!)),
    ).toThrow(/not valid or was already used/);
  });

  it('resets only an enrolled account; afterwards codes are refused and a new enrolment is possible', () => {
    expect(() => userDecider.decide({ type: 'ResetSecondFactor', by: 'admin' }, given(registered))).toThrow(
      /No second factor/,
    );
    const reset: UserEvent = { type: 'SecondFactorReset', data: { by: 'admin' } };
    const state = given(registered, enrolled, reset);
    expect(state.secondFactor).toBeNull();
    expect(() => userDecider.decide({ type: 'VerifySecondFactor', step: 200 }, state)).toThrow(
      /No second factor/,
    );
    expect(
      userDecider.decide({ type: 'EnrolSecondFactor', secret: 's', recoveryCodeHashes: [], step: 1 }, state),
    ).toHaveLength(1);
  });
});
