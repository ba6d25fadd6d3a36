/**
 * The temporary password, known in memory only (never stored) from the sign-in that led to the
 * forced change, or from the server refusing it as the new one; it lets the "different from
 * your temporary password" hint get its tick. Unknown after a reload.
 */
let temporary: string | null = null;

export function rememberTemporaryPassword(password: string) {
  temporary = password;
}

export function forgetTemporaryPassword() {
  temporary = null;
}

/** true / false when the temporary password is known, null when it is not (or nothing typed). */
export function differsFromTemporary(password: string): boolean | null {
  if (!password || temporary === null) return null;
  return password !== temporary;
}
