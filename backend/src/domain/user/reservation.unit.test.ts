import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../../testing/deciderSpec';
import { MEMBER_ID_ALPHABET, memberIdFrom, reservationDecider } from './reservation';

const { given } = deciderSpec(reservationDecider);

describe('reservation decider', () => {
  it('given a free address, when reserved, then EmailReserved for that user', () => {
    given()
      .when({ type: 'ReserveEmail', userId: 'u1' })
      .then([{ type: 'EmailReserved', data: { userId: 'u1' } }]);
  });

  it('given an address held by another user, when reserved, then email_taken', () => {
    given({ type: 'EmailReserved', data: { userId: 'u1' } })
      .when({ type: 'ReserveEmail', userId: 'u2' })
      .thenThrows('email_taken', { kind: 'conflict' });
  });

  it('given an address held by the same user, when reserved again (a retry), then nothing', () => {
    given({ type: 'EmailReserved', data: { userId: 'u1' } })
      .when({ type: 'ReserveEmail', userId: 'u1' })
      .thenNothing();
  });

  it('given a released address, when another user reserves it, then it is theirs', () => {
    given(
      { type: 'EmailReserved', data: { userId: 'u1' } },
      { type: 'EmailReleased', data: { userId: 'u1' } },
    )
      .when({ type: 'ReserveEmail', userId: 'u2' })
      .then([{ type: 'EmailReserved', data: { userId: 'u2' } }]);
  });

  it('only the holder releases', () => {
    const held = given({ type: 'EmailReserved', data: { userId: 'u1' } });
    held.when({ type: 'ReleaseEmail', userId: 'u2' }).thenNothing();
    held
      .when({ type: 'ReleaseEmail', userId: 'u1' })
      .then([{ type: 'EmailReleased', data: { userId: 'u1' } }]);
  });

  it('member ids: taken once, never reassigned', () => {
    const taken = given({ type: 'MemberIdReserved', data: { userId: 'u1' } });
    const error = taken.when({ type: 'ReserveMemberId', userId: 'u2' }).thenThrows('member_id_taken');
    expect(error.message).toMatch(/already taken/);
    taken.when({ type: 'ReserveMemberId', userId: 'u1' }).thenNothing();
  });

  it('member ids read as P- and six unambiguous characters', () => {
    const id = memberIdFrom(new Uint8Array([0, 1, 2, 30, 31, 255]));
    expect(id).toMatch(/^P-[2-9A-HJKMNP-Z]{6}$/);
    expect(MEMBER_ID_ALPHABET).not.toMatch(/[01OIL]/);
  });
});
