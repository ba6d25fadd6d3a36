/**
 * The fixed admin address (ADMIN_EMAIL): whoever holds it is an admin (spec 000, "Admin"), so
 * it is reserved for good. Addresses are compared in one canonical form so that no variant of
 * it (case, full-width or compatibility characters, invisible characters) can be registered.
 */

const ASCII = /^\p{ASCII}*$/u;

/** NFKC, invisible (default-ignorable) characters removed, case-folded (ß → ss, ı → i). */
export function foldEmail(email: string): string {
  // ASCII has nothing to normalize and no invisible characters: the fold is the lower case
  if (ASCII.test(email)) return email.trim().toLowerCase();
  return email
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .trim()
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC');
}

/** Whether an address is the fixed admin address, in any of its variants. */
export const isAdminAddress = (email: string, adminEmail: string) =>
  foldEmail(email) === foldEmail(adminEmail);

/** A change the account holding the admin address may not make (only a transfer moves it). */
export const ADMIN_ADDRESS_HELD = 'admin_address_held';
export const ADMIN_ADDRESS_HELD_MESSAGE =
  'This account holds the fixed admin address. Transfer the address to another admin first.';
/** An e-mail change to the admin address, outside a transfer. */
export const ADMIN_ADDRESS_RESERVED = 'admin_address_reserved';
export const ADMIN_ADDRESS_RESERVED_MESSAGE =
  'This is the fixed admin address. It can only be given to an admin by a transfer of the address.';
