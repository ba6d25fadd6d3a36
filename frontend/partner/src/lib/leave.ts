/**
 * The app's own leaves of the page: to /login when the server ended the session (spec 000
 * section 8) and to `/` after a sign-out. A page's "leave with unsaved changes?" question (the
 * browser's beforeunload prompt) is not asked then: what it guards cannot be saved without a
 * session, and typed text is kept for the next sign-in (`lib/unsavedAnswers.ts`).
 */
let leavingOnPurpose = false;

export function leaveTo(url: string) {
  leavingOnPurpose = true;
  window.location.assign(url);
}

/** For a beforeunload handler: the app itself is leaving, ask nothing. */
export const isLeavingOnPurpose = () => leavingOnPurpose;
