import { CONSOLE_RETURN_KEY } from '@portal/contracts/admin/endpoints';
import { readTabJson, writeTabJson, writeTabText } from '../../../shared/tabStorage';

/**
 * The page a sign-in brings the partner back to: the guarded page they were on when the server
 * ended their session (a 401), or the one they opened while signed out. Kept in sessionStorage
 * (this tab only) because the 401 reloads the app at /login (spec 000 section 8).
 */

/** sessionStorage key of the page to come back to. */
const RETURN_KEY = 'returnTo';

/** A place older than this is forgotten: a sign-in much later starts from the usual home. */
const RETURN_TTL_MS = 30 * 60 * 1000;

/** Pages a sign-in never returns to: public ones, and the sign-in's own steps. */
const NOT_A_PLACE = /^\/(?:$|\?|login\b|register\b|forgot-password\b|new-password\b|reset-password\b)/;

interface Place {
  href: string;
  /** the server ended a running session (the login dialog then says so) */
  ended: boolean;
  at: number;
}

/** An address of this app: one path on this origin, never `//host` or `/\host`. */
export const isOwnPage = (href: string): boolean =>
  href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\') && !NOT_A_PLACE.test(href);

let leaving = false;

function read(): Place | null {
  const place = readTabJson(RETURN_KEY) as Partial<Place> | null;
  if (!place || typeof place.href !== 'string' || typeof place.at !== 'number') return null;
  if (Date.now() - place.at > RETURN_TTL_MS || !isOwnPage(place.href)) return null;
  return { href: place.href, ended: place.ended === true, at: place.at };
}

/** Storage unavailable: the sign-in goes to the usual home. */
const write = (place: Place | null) => writeTabJson(RETURN_KEY, place);

const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * A console link opened signed out ("/admin/#/users/<id>"): its hash route goes where the console
 * looks at its next start (frontend/admin/src/returnTo.ts), since the sign-in's code step then
 * opens the console at its first page.
 */
function rememberConsolePlace() {
  const { pathname, hash } = window.location;
  // storage unavailable: the console opens on its first page
  if (pathname.startsWith('/admin') && hash.startsWith('#/')) writeTabText(CONSOLE_RETURN_KEY, hash);
}

/** Remembers the current page (when it is one to come back to); `ended`: the server ended the session. */
export function rememberThisPage(ended: boolean) {
  rememberConsolePlace();
  const href = here();
  if (leaving || !isOwnPage(href)) return;
  write({ href, ended, at: Date.now() });
}

/** Whether the login dialog should say that the session ended (a remembered, ended session). */
export const sessionEnded = (): boolean => read()?.ended === true;

/** The dialog has said it: the place stays, the notice goes. */
export function noticeShown() {
  const place = read();
  if (place?.ended) write({ ...place, ended: false });
}

/** The page to come back to after a sign-in, once (it is forgotten as it is read). */
export function takeReturnPage(): string | null {
  const place = read();
  write(null);
  return place?.href ?? null;
}

/** Signing out: nothing to come back to, also for what the page does while it unloads. */
export function forgetReturnPage() {
  leaving = true;
  write(null);
}
