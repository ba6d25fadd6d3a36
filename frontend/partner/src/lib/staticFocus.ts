/** How long the hand-over waits for React's control (a page that never shows it). */
const GIVE_UP_MS = 15_000;

/**
 * The page painted from the HTML (the top bar of index.html, the landing page of
 * build/landingPages.ts) has links a Tab reaches before the app's code has run. React's first
 * render does not hydrate them: it replaces them (createRoot), and the focused one leaves the page
 * with the focus, which falls to the body (the next Tab then starts over from the top). Each of
 * those links carries a `data-focus-key` that React's control in its place carries too: the
 * focus held by one of the HTML's links is handed to React's when it appears.
 */
export function handStaticFocusOver(root: HTMLElement): void {
  const painted = new Set(root.querySelectorAll<HTMLElement>('[data-focus-key]'));
  if (painted.size === 0) return;
  // the focus key of the HTML's link that holds the focus, if one does
  let held: string | null = null;
  const onFocus = (e: FocusEvent) => {
    const target = e.target as HTMLElement;
    held = painted.has(target) ? (target.dataset.focusKey ?? null) : null;
  };
  // a click or tap elsewhere (on text, say) drops the focus to the body with no focusin: the
  // link it left must not take it back when React's arrives
  const onPointer = () => {
    held = null;
  };
  const onMutation = () => {
    if (held && (!document.activeElement || document.activeElement === document.body)) {
      const next = [...root.querySelectorAll<HTMLElement>(`[data-focus-key="${held}"]`)].find(
        (el) => !painted.has(el),
      );
      if (next) {
        held = null;
        next.focus();
      }
    }
    if (!held && ![...painted].some((el) => el.isConnected)) stop();
  };
  const observer = new MutationObserver(onMutation);
  const timer = window.setTimeout(() => stop(), GIVE_UP_MS);
  function stop() {
    observer.disconnect();
    document.removeEventListener('focusin', onFocus, true);
    document.removeEventListener('pointerdown', onPointer, true);
    window.clearTimeout(timer);
  }
  document.addEventListener('focusin', onFocus, true);
  document.addEventListener('pointerdown', onPointer, true);
  if (painted.has(document.activeElement as HTMLElement))
    held = (document.activeElement as HTMLElement).dataset.focusKey ?? null;
  observer.observe(root, { childList: true, subtree: true });
}
