import type { RecordedEvent } from '../eventStore/port';
import type { Projection } from './projection';
import { subjectOf } from './auditLog';

type Data = Record<string, unknown>;

function registrationRow(event: RecordedEvent): Data {
  const data = event.data as Data;
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
    created_at: event.createdAt,
    updated_at: event.createdAt,
  };
}

/** Keeps the `users` read model from the events of every user stream. */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
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
    'UserDeleted',
  ],
  async applyBatch(trx, events) {
    // Runs of registrations become one multi-row INSERT; everything else goes one by one.
    let rows: Record<string, unknown>[] = [];
    const flush = async () => {
      if (rows.length) await trx('users').insert(rows).onConflict('id').ignore();
      rows = [];
    };
    for (const event of events) {
      if (event.type === 'UserRegistered' && event.streamId.startsWith('User-')) {
        rows.push(registrationRow(event));
        continue;
      }
      await flush();
      await usersProjection.apply(trx, event);
    }
    await flush();
  },
  async apply(trx, event) {
    const data = event.data as Data;
    const at = event.createdAt;
    if (event.type === 'UserDeleted') {
      await trx('users').where({ id: data.userId }).delete();
      return;
    }
    if (!event.streamId.startsWith('User-')) return;
    const id = subjectOf(event.streamId)!;
    const update = (values: Data) => trx('users').where({ id }).update({ ...values, updated_at: at });
    switch (event.type) {
      case 'UserRegistered':
        await trx('users').insert(registrationRow(event)).onConflict('id').ignore();
        return;
      case 'UserSignedIn':
        return void (await update({ last_login_at: data.at }));
      case 'PasswordChanged':
        return void (await update({ password_hash: data.passwordHash, must_change_password: false }));
      case 'TemporaryPasswordIssued':
        return void (await update({ password_hash: data.passwordHash, must_change_password: true }));
      case 'ProfileUpdated':
        return void (await update({
          first_name: data.firstName,
          last_name: data.lastName,
          phone_number: data.phoneNumber ?? null,
          sms_opt_in: data.smsOptIn,
        }));
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
        return void (await update(values));
      }
      case 'UserLocked':
        return void (await update({ is_locked: true }));
      case 'UserUnlocked':
        return void (await update({ is_locked: false }));
      case 'AdminGranted':
        return void (await update({ is_admin: true }));
      case 'AdminRevoked':
        return void (await update({ is_admin: false }));
      case 'NewsletterSubscribed':
        return void (await update({ newsletter: true }));
      case 'NewsletterUnsubscribed':
        return void (await update({ newsletter: false }));
      case 'PreferredLanguageChanged':
        return void (await update({ preferred_language: data.language }));
    }
  },
};
