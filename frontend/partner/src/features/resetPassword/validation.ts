import { INSECURE_PASSWORD, PASSWORD_MIN_LENGTH } from '@portal/contracts/auth/endpoints';

export type ForcedPasswordProblem = 'required' | 'tooShort' | 'mismatch' | 'insecure';

/**
 * The forced-change rules in the spec's order: required, at least 6 characters, both entries
 * equal; and (second reading) 123456 is refused as insecure.
 */
export function checkForcedPassword(newPassword: string, confirm: string): ForcedPasswordProblem | null {
  if (!newPassword) return 'required';
  if (newPassword.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (newPassword !== confirm) return 'mismatch';
  if (newPassword === INSECURE_PASSWORD) return 'insecure';
  return null;
}

/** Update Password is disabled while busy, while either field is empty, or while they differ. */
export const canSubmitForcedPassword = (newPassword: string, confirm: string, busy: boolean) =>
  !busy && !!newPassword && !!confirm && newPassword === confirm;
