import { defineRoute } from '../core/http';
import { secondFactorEndpoints } from './endpoints';
import {
  codeBody,
  enrolmentResponse,
  recoverBody,
  recoverResponse,
  recoveryCodesResponse,
  resetResponse,
  secondFactorResponse,
  userIdParams,
} from './schemas';

/**
 * Second factor (TOTP + recovery codes). Access notes:
 * - `verify`, `recover` are 'signedIn': the password alone opens them and nothing else.
 * - enrolment is 'enrolment': an admin without a second factor is confined to it (after the
 *   password change when a temporary password is pending); partners enrol from Settings.
 * - `disable` is 'user' (partners only, checked by the handler); `adminReset` is 'admin'.
 */
export const secondFactorRoutes = {
  startEnrolment: defineRoute({
    ...secondFactorEndpoints.startEnrolment,
    errors: { 409: 'A second factor is already set up for this account.' },
    access: 'enrolment',
    summary: 'Start enrolling an authenticator app: a new secret and its QR code (kept until confirmed)',
    tags: ['auth'],
    response: enrolmentResponse,
  }),
  confirmEnrolment: defineRoute({
    ...secondFactorEndpoints.confirmEnrolment,
    errors: {
      409: 'No enrolment was started in this session, or a second factor is already set up.',
    },
    access: 'enrolment',
    summary: 'Confirm the enrolment with a first code; answers the recovery codes once',
    tags: ['auth'],
    body: codeBody,
    response: recoveryCodesResponse,
  }),
  verify: defineRoute({
    ...secondFactorEndpoints.verify,
    errors: { 409: 'No second factor is set up for this account (`second_factor_not_enrolled`).' },
    access: 'signedIn',
    summary: 'The code from the authenticator app after the password (each code works once)',
    tags: ['auth'],
    body: codeBody,
    response: secondFactorResponse,
  }),
  recover: defineRoute({
    ...secondFactorEndpoints.recover,
    errors: { 409: 'No second factor is set up for this account (`second_factor_not_enrolled`).' },
    access: 'signedIn',
    summary: 'A single-use recovery code instead of the authenticator code',
    tags: ['auth'],
    body: recoverBody,
    response: recoverResponse,
  }),
  disable: defineRoute({
    ...secondFactorEndpoints.disable,
    errors: { 409: 'No second factor is set up for this account (`second_factor_not_enrolled`).' },
    access: 'user',
    summary: 'Turn the second factor off (partners; needs a current code)',
    tags: ['auth'],
    body: codeBody,
    response: secondFactorResponse,
  }),
  adminReset: defineRoute({
    ...secondFactorEndpoints.adminReset,
    errors: {
      404: 'No user has this id.',
      409: 'No second factor is set up for this account (`second_factor_not_enrolled`).',
    },
    access: 'admin',
    summary: "Remove another user's second factor (they enrol again); audited",
    tags: ['admin'],
    params: userIdParams,
    response: resetResponse,
  }),
} as const;
