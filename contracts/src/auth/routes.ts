import { defineRoute } from '../core/http';
import { authEndpoints } from './endpoints';
import {
  changePasswordBody,
  changePasswordResponse,
  loginBody,
  logoutResponse,
  registerBody,
  resetRequiredPasswordBody,
  sponsorsResponse,
  updateProfileBody,
  user,
  userEnvelope,
  verifyPasscodeBody,
  verifyPasscodeResponse,
} from './schemas';

/**
 * Sign-in, registration, password and profile routes.
 *
 * Access notes:
 * - `me`, `logout` are 'signedIn': a session that still owes its second factor can call them;
 *   `resetRequiredPassword` is 'session': a user who must still change a temporary password can
 *   call it (QUALITY.md 5); every other signed-in route answers 403.
 * - `sponsors` is 'public' because the registration page lists sponsors before anybody is
 *   signed in. It answers only id, uid and names (no e-mail), and the server may additionally
 *   require the passcode-verified session flag; it must not list locked users.
 * - `login`, `register`, `verifyPasscode` are 'public' (register also needs the session's
 *   passcode-verified flag, checked by the server).
 */
export const authRoutes = {
  me: defineRoute({
    ...authEndpoints.me,
    access: 'signedIn',
    summary: 'The signed-in user',
    tags: ['auth'],
    response: user,
  }),
  login: defineRoute({
    hashesPassword: true,
    ...authEndpoints.login,
    access: 'public',
    summary: 'Sign in with e-mail and password; issues a new session id',
    tags: ['auth'],
    body: loginBody,
    response: userEnvelope,
  }),
  logout: defineRoute({
    ...authEndpoints.logout,
    access: 'signedIn',
    summary: 'Sign out; ends the session',
    tags: ['auth'],
    response: logoutResponse,
  }),
  register: defineRoute({
    hashesPassword: true,
    ...authEndpoints.register,
    access: 'public',
    summary: 'Create an account (needs a passcode-verified session and an existing sponsor); signs in',
    tags: ['auth'],
    body: registerBody,
    response: userEnvelope,
  }),
  verifyPasscode: defineRoute({
    ...authEndpoints.verifyPasscode,
    access: 'public',
    summary: 'Check the registration passcode and remember the result in the session',
    tags: ['auth'],
    body: verifyPasscodeBody,
    response: verifyPasscodeResponse,
  }),
  sponsors: defineRoute({
    ...authEndpoints.sponsors,
    access: 'public',
    summary: 'Sponsors a new partner can choose at registration',
    tags: ['auth'],
    response: sponsorsResponse,
  }),
  resetRequiredPassword: defineRoute({
    hashesPassword: true,
    ...authEndpoints.resetRequiredPassword,
    access: 'session',
    summary: 'Replace a temporary password (mustChangePassword) with a new one',
    tags: ['auth'],
    body: resetRequiredPasswordBody,
    response: userEnvelope,
  }),
  changePassword: defineRoute({
    hashesPassword: true,
    ...authEndpoints.changePassword,
    access: 'user',
    summary: "Change the password (needs the current one); ends the user's other sessions",
    tags: ['auth'],
    body: changePasswordBody,
    response: changePasswordResponse,
  }),
  updateProfile: defineRoute({
    ...authEndpoints.updateProfile,
    access: 'user',
    summary: 'Update first name, last name, phone number and SMS opt-in',
    tags: ['auth'],
    body: updateProfileBody,
    response: userEnvelope,
  }),
} as const;

export type AuthRoutes = typeof authRoutes;
