import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { MEMBER_ID_ALPHABET, type ReservationEvent, memberIdFrom, reservationDecider } from './reservation';

const given = (...events: ReservationEvent[]) =>
  events.reduce(reservationDecider.evolve, reservationDecider.initialState());

describe('reservation decider', () => {
  it('given a free address, when reserved, then EmailReserved for that user', () => {
    expect(reservationDecider.decide({ type: 'ReserveEmail', userId: 'u1' }, given())).toEqual([
      { type: 'EmailReserved', data: { userId: 'u1' } },
    ]);
  });

  it('given an address held by another user, when reserved, then email_taken', () => {
    const state = given({ type: 'EmailReserved', data: { userId: 'u1' } });
    expect(() => reservationDecider.decide({ type: 'ReserveEmail', userId: 'u2' }, state)).toThrow(
      DomainError,
    );
    try {
      reservationDecider.decide({ type: 'ReserveEmail', userId: 'u2' }, state);
    } catch (e) {
      expect((e as DomainError).code).toBe('email_taken');
    }
  });

  it('given an address held by the same user, when reserved again (a retry), then nothing', () => {
    expect(
      reservationDecider.decide(
        { type: 'ReserveEmail', userId: 'u1' },
        given({ type: 'EmailReserved', data: { userId: 'u1' } }),
      ),
    ).toEqual([]);
  });

  it('given a released address, when another user reserves it, then it is theirs', () => {
    const state = given(
      { type: 'EmailReserved', data: { userId: 'u1' } },
      { type: 'EmailReleased', data: { userId: 'u1' } },
    );
    expect(reservationDecider.decide({ type: 'ReserveEmail', userId: 'u2' }, state)).toEqual([
      { type: 'EmailReserved', data: { userId: 'u2' } },
    ]);
  });

  it('only the holder releases', () => {
    const state = given({ type: 'EmailReserved', data: { userId: 'u1' } });
    expect(reservationDecider.decide({ type: 'ReleaseEmail', userId: 'u2' }, state)).toEqual([]);
    expect(reservationDecider.decide({ type: 'ReleaseEmail', userId: 'u1' }, state)).toEqual([
      { type: 'EmailReleased', data: { userId: 'u1' } },
    ]);
  });

  it('member ids: taken once, never reassigned', () => {
    const state = given({ type: 'MemberIdReserved', data: { userId: 'u1' } });
    expect(() => reservationDecider.decide({ type: 'ReserveMemberId', userId: 'u2' }, state)).toThrow(
      /already taken/,
    );
    expect(reservationDecider.decide({ type: 'ReserveMemberId', userId: 'u1' }, state)).toEqual([]);
  });

  it('member ids read as P- and six unambiguous characters', () => {
    const id = memberIdFrom(new Uint8Array([0, 1, 2, 30, 31, 255]));
    expect(id).toMatch(/^P-[2-9A-HJKMNP-Z]{6}$/);
    expect(MEMBER_ID_ALPHABET).not.toMatch(/[01OIL]/);
  });
});
