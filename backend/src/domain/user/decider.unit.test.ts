import { describe, expect, it } from 'vitest';
import { registered as registeredAccount } from '../../../../testing/fixtures/userEvents';
import { DomainError } from '../errors';
import { RESET_LINK_INVALID, type UserEvent, userDecider } from './decider';

const registered = registeredAccount();

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

const requested: UserEvent = {
  type: 'PasswordResetRequested',
  data: { tokenHash: 't1', expiresAt: '2026-11-25T10:30:00.000Z' },
};
const complete = (tokenHash: string, now: string) =>
  ({ type: 'CompletePasswordReset', tokenHash, passwordHash: 'h2', now }) as const;
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
  return null;
};

describe('forgotten-password links (user decider)', () => {
  it('a valid link sets the new password as a password change of reason reset', () => {
    expect(
      userDecider.decide(complete('t1', '2026-11-25T10:29:59.000Z'), given(registered, requested)),
    ).toEqual([
      { type: 'PasswordResetCompleted', data: {} },
      { type: 'PasswordChanged', data: { passwordHash: 'h2', reason: 'reset' } },
    ]);
  });

  it('refuses a used, expired, wrong or replaced link', () => {
    const used = given(
      registered,
      requested,
      ...userDecider.decide(complete('t1', '2026-11-25T10:00:00Z'), given(registered, requested)),
    );
    expect(refusal(() => userDecider.decide(complete('t1', '2026-11-25T10:01:00Z'), used))).toBe(
      RESET_LINK_INVALID,
    );
    expect(
      refusal(() =>
        userDecider.decide(complete('t1', '2026-11-25T10:30:00.000Z'), given(registered, requested)),
      ),
    ).toBe(RESET_LINK_INVALID);
    expect(
      refusal(() =>
        userDecider.decide(complete('other', '2026-11-25T10:00:00Z'), given(registered, requested)),
      ),
    ).toBe(RESET_LINK_INVALID);
    const replaced = given(registered, requested, {
      type: 'PasswordResetRequested',
      data: { tokenHash: 't2', expiresAt: '2026-11-25T10:40:00.000Z' },
    });
    expect(refusal(() => userDecider.decide(complete('t1', '2026-11-25T10:00:00Z'), replaced))).toBe(
      RESET_LINK_INVALID,
    );
    expect(refusal(() => userDecider.decide(complete('t2', '2026-11-25T10:00:00Z'), replaced))).toBeNull();
  });

  it('any other password change ends a pending link; a rehash does not', () => {
    const changed = given(registered, requested, {
      type: 'PasswordChanged',
      data: { passwordHash: 'h3', reason: 'self' },
    });
    expect(changed.passwordReset).toBeNull();
    const rehashed = given(registered, requested, {
      type: 'PasswordChanged',
      data: { passwordHash: 'h3', reason: 'rehash' },
    });
    expect(rehashed.passwordReset).not.toBeNull();
    const temporary = given(registered, requested, {
      type: 'TemporaryPasswordIssued',
      data: { passwordHash: 'h4' },
    });
    expect(refusal(() => userDecider.decide(complete('t1', '2026-11-25T10:00:00Z'), temporary))).toBe(
      RESET_LINK_INVALID,
    );
  });

  it('a locked account gets no link and cannot use one', () => {
    const locked = given(registered, requested, { type: 'UserLocked', data: {} });
    expect(
      userDecider.decide({ type: 'RequestPasswordReset', tokenHash: 't3', expiresAt: 'x' }, locked),
    ).toEqual([]);
    expect(refusal(() => userDecider.decide(complete('t1', '2026-11-25T10:00:00Z'), locked))).toBe(
      RESET_LINK_INVALID,
    );
  });

  it('records a language choice once', () => {
    const chosen = given(registered, { type: 'PreferredLanguageChanged', data: { language: 'fr' } });
    expect(userDecider.decide({ type: 'SetLanguage', language: 'fr' }, chosen)).toEqual([]);
    expect(userDecider.decide({ type: 'SetLanguage', language: 'es' }, chosen)).toEqual([
      { type: 'PreferredLanguageChanged', data: { language: 'es' } },
    ]);
  });
});

describe('forgotten-password requests', () => {
  it('records a link once: the same token again changes nothing', () => {
    const command = { type: 'RequestPasswordReset', tokenHash: 't1', expiresAt: 'x' } as const;
    expect(userDecider.decide(command, given(registered, requested))).toEqual([]);
    expect(userDecider.decide({ ...command, tokenHash: 't2' }, given(registered, requested))).toHaveLength(1);
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
