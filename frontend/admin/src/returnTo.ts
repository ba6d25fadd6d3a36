import { CONSOLE_RETURN_KEY as KEY } from '@portal/contracts/admin/endpoints';
import { readTabText, writeTabText } from '../../shared/tabStorage';

/**
 * Where the admin was when their session ended (the console's hash route, "#/users/<id>?..."),
 * kept in this tab's sessionStorage while they sign in again in the partner app, which then opens
 * `/admin/` without it. The console opens there instead of on the users list, once. Storage the
 * browser refuses (private mode) keeps nothing: the console opens on its first page, as before.
 */

export function rememberPlace(): void {
  if (window.location.hash.startsWith('#/')) writeTabText(KEY, window.location.hash);
}

/** The remembered place, forgotten as it is read (null when there is none). */
export function takeRememberedPlace(): string | null {
  const place = readTabText(KEY);
  writeTabText(KEY, null);
  return place?.startsWith('#/') ? place : null;
}
