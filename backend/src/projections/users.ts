import type { RecordedEvent } from '../eventStore/port';
import type { Projection } from './projection';
import { subjectOf } from './auditLog';
import { accountOfStream } from '../domain/user/signIns';

type Data = Record<string, unknown>;

/** The users row a UserRegistered event creates. */
export function registrationRow(event: RecordedEvent): Data {
  const data = event.data as Data;
  const registeredAt = data.registeredAt ? new Date(String(data.registeredAt)) : event.createdAt;
  return {
    id: subjectOf(event.streamId),
    uid: data.uid,
    first_name: data.firstName,
    last_name: data.lastName,
    email: data.email,
    email_lower: String(data.email).toLowerCase(),
    password_hash: data.passwordHash,
    sponsor_id: data.sponsorId ?? null,
    is_admin: data.isAdmin ?? false,
    must_change_password: data.mustChangePassword ?? false,
    calendar_key: event.id,
    created_at: registeredAt,
    updated_at: registeredAt,
  };
}

/**
 * Keeps the `users` read model from the events of every user stream (`User-<id>`) and every
 * sign-in stream (`SignIns-<id>`: `last_login_at`; older databases also hold sign-ins on the
 * user stream, handled the same).
 */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
  // the caller's next read (sign-in, profile, progress) must show the command at once
  lifecycle: 'inline',
  eventTypes: [
    'UserRegistered',
    'UserSignedIn',
    'PasswordChanged',
    'TemporaryPasswordIssued',
    'ProfileUpdated',
    'UserDetailsEdited',
    'UserLocked',
    'UserUnlocked',
    'AdminGranted',
    'AdminRevoked',
    'NewsletterSubscribed',
    'NewsletterUnsubscribed',
    'PreferredLanguageChanged',
    'CalendarLinkRotated',
    'SecondFactorEnrolled',
    'SecondFactorReset',
    'UserDeleted',
  ],
  async applyBatch(trx, events) {
    // Users registered in this batch are built in memory (their later events of the batch
    // folded in) and inserted with one multi-row INSERT; other users' events apply one by one.
    const pending = new Map<string, Data>();
    for (const event of events) {
      const id =
        event.type === 'UserDeleted' ? String((event.data as Data).userId) : accountOfStream(event.streamId);
      if (id === null) continue;
      if (event.type === 'UserRegistered' && event.streamId.startsWith('User-')) {
        pending.set(id, registrationRow(event));
        continue;
      }
      const row = pending.get(id);
      if (row && event.type === 'UserDeleted') {
        pending.delete(id);
        continue;
      }
      const changes = row ? columnChanges(event) : null;
      if (row && changes) {
        Object.assign(row, changes, { updated_at: event.createdAt });
        continue;
      }
      await usersProjection.apply(trx, event);
    }
    const rows = [...pending.values()];
    for (let i = 0; i < rows.length; i += 1_000) {
      await trx('users')
        .insert(rows.slice(i, i + 1_000))
        .onConflict('id')
        .ignore();
    }
  },
  async apply(trx, event) {
    const data = event.data as Data;
    if (event.type === 'UserDeleted') {
      await trx('users').where({ id: data.userId }).delete();
      return;
    }
    const id = accountOfStream(event.streamId);
    if (id === null) return;
    if (event.type === 'UserRegistered') {
      await trx('users').insert(registrationRow(event)).onConflict('id').ignore();
      return;
    }
    const changes = columnChanges(event);
    if (changes && Object.keys(changes).length) {
      await trx('users')
        .where({ id })
        .update({ ...changes, updated_at: event.createdAt });
    }
  },
};

/** The users columns an event (other than registration and deletion) changes. */
export function columnChanges(event: RecordedEvent): Data | null {
  const data = event.data as Data;
  switch (event.type) {
    case 'UserSignedIn':
      return { last_login_at: data.at };
    // a new password (not a rehash of the same one) also replaces the calendar feed key
    case 'PasswordChanged':
      return {
        password_hash: data.passwordHash,
        must_change_password: false,
        ...(data.reason === 'rehash' ? {} : { calendar_key: event.id }),
      };
    case 'TemporaryPasswordIssued':
      return { password_hash: data.passwordHash, must_change_password: true, calendar_key: event.id };
    case 'CalendarLinkRotated':
      return { calendar_key: event.id };
    case 'ProfileUpdated':
      return {
        first_name: data.firstName,
        last_name: data.lastName,
        phone_number: data.phoneNumber ?? null,
        sms_opt_in: data.smsOptIn,
      };
    case 'UserDetailsEdited': {
      const values: Data = {};
      if (data.firstName !== undefined) values.first_name = data.firstName;
      if (data.lastName !== undefined) values.last_name = data.lastName;
      if (data.email !== undefined) {
        values.email = data.email;
        values.email_lower = String(data.email).toLowerCase();
      }
      if (data.uid !== undefined) values.uid = data.uid;
      if (data.sponsorId !== undefined) values.sponsor_id = data.sponsorId;
      return values;
    }
    case 'UserLocked':
      return { is_locked: true };
    case 'UserUnlocked':
      return { is_locked: false };
    case 'AdminGranted':
      return { is_admin: true };
    case 'AdminRevoked':
      return { is_admin: false };
    case 'NewsletterSubscribed':
      return { newsletter: true };
    case 'NewsletterUnsubscribed':
      return { newsletter: false };
    case 'PreferredLanguageChanged':
      return { preferred_language: data.language };
    case 'SecondFactorEnrolled':
      return { second_factor_enrolled: true };
    case 'SecondFactorReset':
      return { second_factor_enrolled: false };
    default:
      return null;
  }
}
