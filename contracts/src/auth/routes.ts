import { defineRoute } from '../core/http';
import { authEndpoints } from './endpoints';
import {
  changePasswordBody,
  changePasswordResponse,
  completePasswordResetBody,
  loginBody,
  logoutResponse,
  messageResponse,
  registerBody,
  requestPasswordResetBody,
  resetRequiredPasswordBody,
  sessionResponse,
  setLanguageBody,
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
  // The partner app's start-up probe: "who is signed in?" is no error when nobody is, so a
  // signed-out visitor's first page logs no 401 (issue 14, Lighthouse). /api/me keeps its 401.
  session: defineRoute({
    ...authEndpoints.session,
    access: 'public',
    summary: 'The signed-in user, or null when signed out (never 401)',
    tags: ['auth'],
    response: sessionResponse,
  }),
  login: defineRoute({
    slowByDesign: 'password',
    ...authEndpoints.login,
    errors: {
      401: 'The e-mail or password is wrong, or the account is locked (one answer for all three).',
      429: 'Too many failed sign-ins for this address or account.',
    },
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
    slowByDesign: 'password',
    ...authEndpoints.register,
    errors: {
      403: 'The registration passcode was not verified in this session (`passcode_required`).',
      409: 'An account with this e-mail already exists.',
      429: 'Too many registrations from this address.',
    },
    access: 'public',
    summary: 'Create an account (needs a passcode-verified session and an existing sponsor); signs in',
    tags: ['auth'],
    body: registerBody,
    response: userEnvelope,
  }),
  verifyPasscode: defineRoute({
    ...authEndpoints.verifyPasscode,
    errors: { 429: 'Too many passcode attempts from this address.' },
    access: 'public',
    summary: 'Check the registration passcode and remember the result in the session',
    tags: ['auth'],
    body: verifyPasscodeBody,
    response: verifyPasscodeResponse,
  }),
  sponsors: defineRoute({
    ...authEndpoints.sponsors,
    errors: { 403: 'The registration passcode was not verified in this session (`passcode_required`).' },
    access: 'public',
    summary: 'Sponsors a new partner can choose at registration',
    tags: ['auth'],
    response: sponsorsResponse,
  }),
  resetRequiredPassword: defineRoute({
    slowByDesign: 'password',
    ...authEndpoints.resetRequiredPassword,
    errors: { 409: 'The account has no temporary password to replace.' },
    access: 'session',
    summary: 'Replace a temporary password (mustChangePassword) with a new one',
    tags: ['auth'],
    body: resetRequiredPasswordBody,
    response: userEnvelope,
  }),
  changePassword: defineRoute({
    slowByDesign: 'password',
    ...authEndpoints.changePassword,
    errors: { 429: 'Too many wrong current passwords.' },
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
  setLanguage: defineRoute({
    ...authEndpoints.setLanguage,
    access: 'user',
    summary: 'Remember the language the partner chose; e-mails to them are written in it',
    tags: ['auth'],
    body: setLanguageBody,
    response: userEnvelope,
  }),
  requestPasswordReset: defineRoute({
    ...authEndpoints.requestPasswordReset,
    access: 'public',
    summary:
      'Ask for a forgotten-password link by e-mail; the same answer whether or not the address has an account',
    tags: ['auth'],
    body: requestPasswordResetBody,
    response: messageResponse,
  }),
  completePasswordReset: defineRoute({
    slowByDesign: 'password',
    ...authEndpoints.completePasswordReset,
    access: 'public',
    summary:
      "Set a new password with a forgotten-password link's token (once, 30 minutes); ends every session",
    tags: ['auth'],
    body: completePasswordResetBody,
    response: messageResponse,
  }),
} as const;

export type AuthRoutes = typeof authRoutes;
