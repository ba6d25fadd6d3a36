import { CONSOLE_RETURN_KEY as KEY } from '@portal/contracts/admin/endpoints';

/**
 * Where the admin was when their session ended (the console's hash route, "#/users/<id>?..."),
 * kept in this tab's sessionStorage while they sign in again in the partner app, which then opens
 * `/admin/` without it. The console opens there instead of on the users list, once.
 */

export function rememberPlace(): void {
  try {
    if (window.location.hash.startsWith('#/')) sessionStorage.setItem(KEY, window.location.hash);
  } catch {
    // storage refused (private mode): the console opens on its first page, as before
  }
}

/** The remembered place, forgotten as it is read (null when there is none). */
export function takeRememberedPlace(): string | null {
  try {
    const place = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return place?.startsWith('#/') ? place : null;
  } catch {
    return null;
  }
}
