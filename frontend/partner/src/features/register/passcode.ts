import { ApiError, request } from '../../lib/api';
import { authApi } from '../../lib/endpoints';
import { readTabText, writeTabText } from '../../../../shared/tabStorage';

/** sessionStorage key of the passcode gate: verified for the rest of the browser session. */
const PASSCODE_VERIFIED_KEY = 'passcodeVerified';

/** Storage unavailable: the gate simply shows again next time. */
export const isPasscodeVerified = (): boolean => readTabText(PASSCODE_VERIFIED_KEY) === 'true';

export const setPasscodeVerified = (verified: boolean) =>
  writeTabText(PASSCODE_VERIFIED_KEY, verified ? 'true' : null);

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
