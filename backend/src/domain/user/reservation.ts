import type { EventOf } from '@portal/contracts';
import type * as E from '@portal/contracts/auth/events';
import type { Decider } from '../decider';
import { conflict } from '../errors';

/**
 * Unique values (e-mail addresses, member ids) are reserved on their own stream before the
 * account that uses them is recorded: `Email-<HMAC(STREAM_KEY, lower-cased e-mail)>` (features/auth/emailStreams.ts), `MemberId-<uid>`.
 * The command handler appends with the expected revision, so two registrations racing for the
 * same address cannot both win. Reserving again for the same user is a no-op (retries).
 */
export type ReservationEvent =
  EventOf<typeof E.EmailReserved> | EventOf<typeof E.EmailReleased> | EventOf<typeof E.MemberIdReserved>;

export interface ReservationState {
  /** the user holding the value, or null when free */
  holder: string | null;
}

export type ReservationCommand =
  | { type: 'ReserveEmail'; userId: string }
  | { type: 'ReleaseEmail'; userId: string }
  | { type: 'ReserveMemberId'; userId: string };

export const emailStream = (emailHash: string) => `Email-${emailHash}`;
export const memberIdStream = (uid: string) => `MemberId-${uid}`;

export const EMAIL_TAKEN = 'email_taken';
export const MEMBER_ID_TAKEN = 'member_id_taken';

function evolve(state: ReservationState, event: ReservationEvent): ReservationState {
  switch (event.type) {
    case 'EmailReserved':
    case 'MemberIdReserved':
      return { holder: event.data.userId };
    case 'EmailReleased':
      return state.holder === event.data.userId ? { holder: null } : state;
    default:
      return state;
  }
}

function decide(command: ReservationCommand, state: ReservationState): ReservationEvent[] {
  switch (command.type) {
    case 'ReserveEmail':
      if (state.holder === command.userId) return [];
      if (state.holder) throw conflict(EMAIL_TAKEN, 'An account with this email already exists.');
      return [{ type: 'EmailReserved', data: { userId: command.userId } }];
    case 'ReleaseEmail':
      return state.holder === command.userId
        ? [{ type: 'EmailReleased', data: { userId: command.userId } }]
        : [];
    case 'ReserveMemberId':
      if (state.holder === command.userId) return [];
      if (state.holder) throw conflict(MEMBER_ID_TAKEN, 'This member id is already taken.');
      return [{ type: 'MemberIdReserved', data: { userId: command.userId } }];
  }
}

export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
  initialState: () => ({ holder: null }),
  evolve,
  decide,
};

/** Alphabet of member ids: no 0/O, 1/I/L, so ids read out over the phone are unambiguous. */
export const MEMBER_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** `P-` and six characters of the alphabet, from the given random bytes (at least 6). */
export function memberIdFrom(bytes: Uint8Array): string {
  let id = 'P-';
  for (let i = 0; i < 6; i++) id += MEMBER_ID_ALPHABET[bytes[i] % MEMBER_ID_ALPHABET.length];
  return id;
}
