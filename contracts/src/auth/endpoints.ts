import { endpoint } from '../core/endpoint';

// Zod-free on purpose: the partner app's first-load bundle imports this file, and only
// `import type` from schemas.ts / routes.ts. (core/http.ts imports zod at module level, so
// `endpoint` comes from the zod-free core/endpoint.ts.)
/** Method and path of every sign-in, registration, password and profile call. */
export const authEndpoints = {
  me: endpoint('GET', '/api/me'),
  session: endpoint('GET', '/api/session'),
  login: endpoint('POST', '/api/login'),
  logout: endpoint('POST', '/api/logout'),
  register: endpoint('POST', '/api/register'),
  verifyPasscode: endpoint('POST', '/api/verify-passcode'),
  sponsors: endpoint('GET', '/api/users/sponsors'),
  resetRequiredPassword: endpoint('POST', '/api/reset-required-password'),
  changePassword: endpoint('POST', '/api/change-password'),
  updateProfile: endpoint('POST', '/api/update-profile'),
  setLanguage: endpoint('POST', '/api/preferred-language'),
  requestPasswordReset: endpoint('POST', '/api/password-reset/request'),
  completePasswordReset: endpoint('POST', '/api/password-reset/complete'),
} as const;

/** Smallest and largest password accepted (characters / UTF-8 bytes; bcrypt reads 72 bytes). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_BYTES = 72;

/** A password's length as bcrypt counts it (UTF-8 bytes). */
export const passwordBytes = (s: string): number => new TextEncoder().encode(s).length;

/**
 * The e-mail format the API accepts (zod's `z.email()` pattern: ASCII letters, no accents), kept
 * here, zod-free, so the forms refuse what the server would refuse instead of passing it on and
 * showing the server's English field message.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

/** true when the API accepts `s` (trimmed) as an e-mail address */
export const isEmailAddress = (s: string): boolean => {
  const v = s.trim();
  return v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v);
};
/** Refused by the forced-change screen (spec 000 section 5). */
export const INSECURE_PASSWORD = '123456';

/** A forgotten-password link works this long after it was sent, once. */
export const PASSWORD_RESET_MINUTES = 30;
