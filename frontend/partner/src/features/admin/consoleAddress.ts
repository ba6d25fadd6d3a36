/** Where the server sends the console's bundle (to admins only). */
export const CONSOLE_PATH = '/admin/';

const SENT_KEY = 'console.sentAt';
/** How long after this tab was sent to the console its arrival counts as that sending's answer. */
const SENT_WITHIN_MS = 30_000;

/** Goes to the console (`target`, at or under `CONSOLE_PATH`), noting when (`consoleMissing`). */
export function goToConsole(target: string, how: 'assign' | 'replace' = 'assign'): void {
  try {
    sessionStorage.setItem(SENT_KEY, String(Date.now()));
  } catch {
    // storage refused: without the note the console is asked for again, as before
  }
  window.location[how](target);
}

/**
 * Whether this page is the partner app at the console's address just after this tab was sent
 * there by `goToConsole`: the server answered an admin with the partner app because it has no
 * console to give (its bundle is not deployed), and going again would reload forever. Opened
 * there otherwise (typed, a bookmark, or the code step an admin who still owed the code got
 * there), the console is asked for again.
 */
export function consoleMissing(): boolean {
  if (window.location.pathname !== CONSOLE_PATH) return false;
  try {
    return Date.now() - Number(sessionStorage.getItem(SENT_KEY)) < SENT_WITHIN_MS;
  } catch {
    return false;
  }
}
