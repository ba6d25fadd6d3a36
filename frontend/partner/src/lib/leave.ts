/**
 * The app's own leaves of the page: to /login when the server ended the session (spec 000
 * section 8) and to `/` after a sign-out. A page's "leave with unsaved changes?" question (the
 * browser's beforeunload prompt) is not asked then: what it guards cannot be saved without a
 * session, and typed text is kept for the next sign-in (`lib/unsavedAnswers.ts`). Pages' own
 * beforeunload handlers know nothing of this (as in the console's `authProvider.ts`).
 */
let leavingOnPurpose = false;

export function leaveTo(url: string) {
  leavingOnPurpose = true;
  window.location.assign(url);
}

/**
 * Keeps every page's beforeunload handler from running while the app leaves on purpose. Call
 * once at the start (main.tsx), before any page registers its handler: on the window itself
 * Chromium runs the listeners in the order they were added, a capturing one too (the DOM
 * standard runs capturing listeners first), so one added later stops nothing.
 */
export function askNothingOnOwnLeaves() {
  window.addEventListener(
    'beforeunload',
    (event) => {
      if (leavingOnPurpose) event.stopImmediatePropagation();
    },
    true,
  );
}
