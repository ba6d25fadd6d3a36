/**
 * What an admin may read of a kept message: every secret a link carries (a forgotten-password
 * link's `#token=…`, any `token=` parameter) replaced by a visible placeholder. The outbox table
 * keeps the working message (without SMTP it is the delivery, docs/decisions/mail.md); the
 * console's answers never do, so no admin can open a partner's pending reset link.
 */
export const HIDDEN_SECRET = '[hidden]';

/** `#token=`, `?token=`, `&token=` and, in HTML, `&amp;token=`, up to the end of the value. */
const TOKEN_VALUE = /([#?&](?:amp;)?token=)(?!\[hidden\])[^\s"'<>&#)\]]+/gi;

/**
 * A forgotten-password token anywhere, however the link around it is written (URL-encoded in a
 * redirect, `&#35;token=` in HTML, ...): `<user id>.<32 bytes base64url>`, characters that no
 * encoding changes.
 */
const RESET_TOKEN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}/gi;

export function hideSecrets(body: string): { body: string; hidden: boolean } {
  let hidden = false;
  const hide = (prefix = '') => {
    hidden = true;
    return `${prefix}${HIDDEN_SECRET}`;
  };
  const out = body
    .replace(TOKEN_VALUE, (_match, name: string) => hide(name))
    .replace(RESET_TOKEN, () => hide());
  return { body: out, hidden };
}
