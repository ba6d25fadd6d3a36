import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from '@portal/contracts/admin/endpoints';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts/auth/endpoints';

/** A 12-character password from letters, digits and ! @ # $ % ^ & * (spec), from the browser's CSPRNG without modulo bias. */
export function generatePassword(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const alphabet = GENERATED_PASSWORD_ALPHABET;
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < GENERATED_PASSWORD_LENGTH) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < limit && out.length < GENERATED_PASSWORD_LENGTH) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** The admin reset form's checks (spec section 5); answers a message key or null. */
export function passwordProblem(
  password: string,
  confirmation: string,
): 'passwordsMismatch' | 'passwordTooShort' | null {
  if (password !== confirmation) return 'passwordsMismatch';
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  return null;
}
