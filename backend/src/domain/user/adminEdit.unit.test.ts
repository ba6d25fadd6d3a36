import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../../testing/deciderSpec';
import { registered } from '../../../../testing/fixtures/userEvents';
import { type UserCommand, userDecider } from './decider';

/** The admin's change of an account: one command, every event of the change at once. */
const { given } = deciderSpec(userDecider);

const edit = (
  fields: Omit<Extract<UserCommand, { type: 'AdminEdit' }>, 'type' | 'actorId'>,
  actorId = 'admin',
) => ({ type: 'AdminEdit', actorId, ...fields }) as const;

describe('AdminEdit', () => {
  it('returns every event of the change, in order: details, lock, admin, newsletter', () => {
    given(registered('u1'))
      .when(
        edit({
          changes: { firstName: 'Anita', sponsorId: 's1' },
          locked: true,
          admin: true,
          newsletter: true,
        }),
      )
      .then([
        { type: 'UserDetailsEdited', data: { firstName: 'Anita', sponsorId: 's1' } },
        { type: 'UserLocked', data: {} },
        { type: 'AdminGranted', data: { via: 'flag' } },
        { type: 'NewsletterSubscribed', data: { source: 'admin' } },
      ]);
  });

  it('leaves out what does not change', () => {
    const state = given(registered('u1', true)).and(
      { type: 'UserLocked', data: {} },
      { type: 'NewsletterSubscribed', data: { source: 'registration' } },
    );
    state
      .when(
        edit({
          changes: { firstName: 'Ana', lastName: 'Gómez' },
          locked: true,
          admin: true,
          newsletter: true,
        }),
      )
      .then([{ type: 'UserDetailsEdited', data: { lastName: 'Gómez' } }]);
    state.when(edit({ locked: false, admin: false, newsletter: false })).then([
      { type: 'UserUnlocked', data: {} },
      { type: 'AdminRevoked', data: {} },
      { type: 'NewsletterUnsubscribed', data: { source: 'admin' } },
    ]);
    state.when(edit({ locked: true, admin: true, newsletter: true })).thenNothing();
  });

  it('refuses an admin who locks themself, with the field named, and decides nothing else', () => {
    const error = given(registered('me', true))
      .when(edit({ changes: { firstName: 'Me' }, locked: true }, 'me'))
      .thenThrows('cannot_lock_self', { message: 'You cannot lock your own account', kind: 'invalid' });
    expect(error.details?.fields).toEqual({ isLocked: 'You cannot lock your own account' });
  });

  it('refuses an admin who removes their own admin rights', () => {
    const error = given(registered('me', true))
      .when(edit({ admin: false }, 'me'))
      .thenThrows('cannot_demote_self', {
        message: 'You cannot remove your own admin rights',
        kind: 'invalid',
      });
    expect(error.details?.fields).toEqual({ isAdmin: 'You cannot remove your own admin rights' });
  });

  it('lets an admin change their own details, unlock themself or keep their rights', () => {
    given(registered('me', true))
      .when(edit({ changes: { lastName: 'Nueva' }, locked: false, admin: true }, 'me'))
      .then([{ type: 'UserDetailsEdited', data: { lastName: 'Nueva' } }]);
  });

  it('lets an admin lock or demote someone else', () => {
    given(registered('u1', true))
      .when(edit({ locked: true, admin: false }, 'me'))
      .then([
        { type: 'UserLocked', data: {} },
        { type: 'AdminRevoked', data: {} },
      ]);
  });

  it('refuses an account that does not exist', () => {
    given()
      .when(edit({ locked: true }))
      .thenThrows('user_not_found', { kind: 'not_found' });
  });
});
