import { ApiError, request } from '../../lib/api';
import { authApi } from '../../lib/endpoints';

/** sessionStorage key of the passcode gate: verified for the rest of the browser session. */
const PASSCODE_VERIFIED_KEY = 'passcodeVerified';

export function isPasscodeVerified(): boolean {
  try {
    return sessionStorage.getItem(PASSCODE_VERIFIED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setPasscodeVerified(verified: boolean) {
  try {
    if (verified) sessionStorage.setItem(PASSCODE_VERIFIED_KEY, 'true');
    else sessionStorage.removeItem(PASSCODE_VERIFIED_KEY);
  } catch {
    // storage unavailable: the gate simply shows again next time
  }
}

/**
 * POST /api/verify-passcode. Any failed answer counts as an invalid passcode; a call that
 * throws before an answer (network) is reported as 'failed' (verification failed).
 */
export async function verifyPasscode(passcode: string): Promise<'valid' | 'invalid' | 'failed'> {
  try {
    const r = await request(authApi.verifyPasscode, {
      body: { passcode },
      on401: 'throw',
    });
    return r?.valid === true ? 'valid' : 'invalid';
  } catch (e) {
    return e instanceof ApiError ? 'invalid' : 'failed';
  }
}
