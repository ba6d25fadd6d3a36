import { PASSWORD_MIN_LENGTH } from '@portal/contracts/auth/endpoints';

export type ProfileDraft = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  smsOptIn: boolean;
};

export type ProfileProblem = 'nameRequired' | 'phoneRequired';

/** Names required after trimming; a phone number is required when SMS opt-in is on. */
export function checkProfile(d: ProfileDraft): ProfileProblem | null {
  if (!d.firstName.trim() || !d.lastName.trim()) return 'nameRequired';
  if (d.smsOptIn && !d.phoneNumber.trim()) return 'phoneRequired';
  return null;
}

/** The update-profile body: trimmed values, phone null when blank. */
export function profileBody(d: ProfileDraft) {
  const phone = d.phoneNumber.trim();
  return {
    firstName: d.firstName.trim(),
    lastName: d.lastName.trim(),
    phoneNumber: phone === '' ? null : phone,
    smsOptIn: d.smsOptIn,
  };
}

export interface PasswordDraft {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordProblem = 'allRequired' | 'mismatch' | 'tooShort';

/** All three required, new and confirmation equal, at least 6 characters (in this order). */
export function checkPasswordChange(d: PasswordDraft): PasswordProblem | null {
  if (!d.currentPassword || !d.newPassword || !d.confirmPassword) return 'allRequired';
  if (d.newPassword !== d.confirmPassword) return 'mismatch';
  if (d.newPassword.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  return null;
}

/** Submit is disabled until all are filled and match. */
export const canSubmitPasswordChange = (d: PasswordDraft) =>
  !!d.currentPassword && !!d.newPassword && !!d.confirmPassword && d.newPassword === d.confirmPassword;
