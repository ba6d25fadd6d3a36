import { dictionary } from '@zxcvbn-ts/language-common';
import { invalid } from '../errors';

/**
 * The most common passwords (ASVS 6.2.11): zxcvbn-ts's common list, about 49,000 passwords
 * ranked by frequency in public breach corpora (`@zxcvbn-ts/language-common`, MIT). Compared
 * lower-cased, as the list is.
 */
const COMMON = new Set(dictionary['passwords-common']);

const COMMON_PASSWORD = 'common_password';
const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most commonly used ones. Please choose a less common password.';

const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());

/** Refuses (400 `common_password`, on the given field) a password from the list. */
export function refuseCommonPassword(password: string, field: string) {
  if (isCommonPassword(password))
    throw invalid(COMMON_PASSWORD, COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
}
