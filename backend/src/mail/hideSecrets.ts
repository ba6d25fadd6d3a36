/**
 * What an admin may read of a kept message: every secret a link carries (a forgotten-password
 * link's `#token=…`, any `token=` parameter) replaced by a visible placeholder. The outbox table
 * keeps the working message (without SMTP it is the delivery, docs/decisions/mail.md); the
 * console's answers never do, so no admin can open a partner's pending reset link.
 */
export const HIDDEN_SECRET = '[hidden]';

/** `#token=`, `?token=`, `&token=` and, in HTML, `&amp;token=`, up to the end of the value. */
const TOKEN_VALUE = /([#?&](?:amp;)?token=)(?!\[hidden\])[^\s"'<>&#)\]]+/gi;

export function hideSecrets(body: string): { body: string; hidden: boolean } {
  let hidden = false;
  const out = body.replace(TOKEN_VALUE, (_match, name: string) => {
    hidden = true;
    return `${name}${HIDDEN_SECRET}`;
  });
  return { body: out, hidden };
}
