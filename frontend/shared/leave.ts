/**
 * An app's own leaves of the page (both apps): the partner app's to /login when the server ended
 * the session (spec 000 section 8) and to `/` after a sign-out, the console's to the sign-in, the
 * portal or after a sign-out (`authProvider.ts`). A page's "leave with unsaved changes?" question
 * (the browser's beforeunload prompt: step 3's lists, the console's edit forms) is not asked
 * then: what it guards cannot be saved without a session, and typed text is kept for the next
 * sign-in (partner `lib/unsavedAnswers.ts`, console `lib/KeepUnsavedValues.tsx`). Pages' own
 * beforeunload handlers know nothing of this.
 */
let leavingOnPurpose = false;

export function leaveTo(url: string) {
  leavingOnPurpose = true;
  window.location.assign(url);
}

/** The app has started one of its own leaves (nothing more is kept for after it). */
export const isLeavingOnPurpose = () => leavingOnPurpose;

// Added when this module loads, before the router and any page add theirs (the partner app's
// main.tsx imports it first; the console's authProvider.ts, before any form mounts): on the window itself Chromium runs the listeners in the order they were added, a
// capturing one too (the DOM standard runs capturing listeners first), so one added later would
// stop nothing. Not in Node (unit tests load this module through lib/api.ts).
if (typeof window !== 'undefined') {
  window.addEventListener(
    'beforeunload',
    (event) => {
      if (leavingOnPurpose) event.stopImmediatePropagation();
    },
    true,
  );
  // the page came back from the browser's back/forward cache, or the leave was stopped: the
  // page is in use again and its questions count again
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leavingOnPurpose = false;
  });
}
