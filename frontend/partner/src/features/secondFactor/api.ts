import { authEndpoints } from '@portal/contracts/auth/endpoints';
import type { AuthRoutes } from '@portal/contracts/auth/routes';
import { secondFactorEndpoints } from '@portal/contracts/secondFactor/endpoints';
import type { secondFactorRoutes } from '@portal/contracts/secondFactor/routes';
import { request } from '../../lib/api';
import { setCurrentUser, type User } from '../../lib/session';

type Routes = typeof secondFactorRoutes;

/** The code step after the password: a code from the app, or a recovery code. Answers the user. */
export async function passSecondFactor(answer: { code: string } | { recoveryCode: string }): Promise<User> {
  if ('code' in answer)
    await request<Routes['verify']>(secondFactorEndpoints.verify, { body: answer, loginAttempt: true });
  else await request<Routes['recover']>(secondFactorEndpoints.recover, { body: answer, loginAttempt: true });
  return refreshUser();
}

/** Reads the user again (its second-factor state changed) and stores it. */
export async function refreshUser(): Promise<User> {
  const user = await request<AuthRoutes['me']>(authEndpoints.me);
  setCurrentUser(user);
  return user;
}

export const startEnrolment = () =>
  request<Routes['startEnrolment']>(secondFactorEndpoints.startEnrolment, { body: {} as never });
export const confirmEnrolment = (code: string) =>
  request<Routes['confirmEnrolment']>(secondFactorEndpoints.confirmEnrolment, { body: { code } });
export const disableSecondFactor = (code: string) =>
  request<Routes['disable']>(secondFactorEndpoints.disable, { body: { code } });
