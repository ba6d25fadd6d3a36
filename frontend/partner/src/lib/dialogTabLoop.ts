/**
 * Tab and Shift+Tab go round inside an open dialog. antd's focus lock only pulls the focus back
 * once it has re-entered the page, and a native modal <dialog> lets it leave for the browser's
 * own controls, so without this one Tab stop after the dialog's last control leaves the page.
 */
// an embedded player (iframe) is a Tab stop too: left out, Tab went from the dialog's last button
// back to its first, and the replay's or the success story's video could not be reached
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

function tabbablesIn(dialog: Element): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
}

/** The dialog the focus is in (the last open one when several are stacked). */
function openDialogOf(target: EventTarget | null): Element | null {
  const dialogs = [...document.querySelectorAll('[role="dialog"][aria-modal="true"], dialog[open]')];
  const node = target instanceof Node ? target : null;
  return dialogs.reverse().find((d) => node && d.contains(node)) ?? null;
}

function onDialogTab(e: KeyboardEvent) {
  if (e.key !== 'Tab' || e.defaultPrevented) return;
  const dialog = openDialogOf(e.target);
  if (!dialog) return;
  const list = tabbablesIn(dialog);
  if (list.length === 0) return;
  const first = list[0];
  const last = list[list.length - 1];
  const active = document.activeElement;
  const to = e.shiftKey ? (active === first ? last : null) : active === last ? first : null;
  if (!to) return;
  e.preventDefault();
  to.focus();
}

export function keepTabInDialogs() {
  window.addEventListener('keydown', onDialogTab);
}
