import { isEmailAddress } from '@portal/contracts/auth/endpoints';

/**
 * An antd form rule: the e-mail in the API's own format (no accents), so an address the API
 * would refuse never reaches it; an empty field is left to the `required` rule.
 */
export const emailRule = (message: string) => ({
  validator: (_: unknown, v?: string) =>
    !v?.trim() || isEmailAddress(v) ? Promise.resolve() : Promise.reject(new Error(message)),
});
