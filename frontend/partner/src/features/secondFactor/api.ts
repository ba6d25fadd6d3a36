import { request } from '../../lib/api';
import { setCurrentUser, type User } from '../../lib/session';
import { authApi, secondFactorApi } from '../../lib/endpoints';

/** The code step after the password: a code from the app, or a recovery code. Answers the user. */
export async function passSecondFactor(answer: { code: string } | { recoveryCode: string }): Promise<User> {
  if ('code' in answer) await request(secondFactorApi.verify, { body: answer, loginAttempt: true });
  else await request(secondFactorApi.recover, { body: answer, loginAttempt: true });
  return refreshUser();
}

/** Reads the user again (its second-factor state changed) and stores it. */
export async function refreshUser(): Promise<User> {
  const user = await request(authApi.me);
  setCurrentUser(user);
  return user;
}

export const startEnrolment = () => request(secondFactorApi.startEnrolment, {});
export const confirmEnrolment = (code: string) =>
  request(secondFactorApi.confirmEnrolment, { body: { code } });
export const disableSecondFactor = (code: string) => request(secondFactorApi.disable, { body: { code } });
