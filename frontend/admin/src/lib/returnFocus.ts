/**
 * Where focus goes when a dialog closes or the element that held it goes away (WCAG 2.4.3). A
 * dialog gives focus back to the element that opened it; when that element is no longer there or
 * no longer shown (a bulk action's button once the selection is cleared), focus goes to the list
 * it acted on, so a keyboard user goes on from there instead of from the top of the document.
 */

/** true when `el` is in the page and shown (not display: none, visibility: hidden or in a collapsed ancestor) */
function isShown(el: Element | null | undefined): el is HTMLElement {
  if (!el?.isConnected) return false;
  // checkVisibility is missing before Safari 17.4: a box laid out and not visibility-hidden then
  if (typeof el.checkVisibility !== 'function')
    return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  return el.checkVisibility({ visibilityProperty: true });
}

/** The table of the react-admin list that holds `el` (its Datagrid), focusable by script only. */
export function listTableOf(el: Element | null | undefined): HTMLElement | null {
  const table = el?.closest('.RaDatagrid-root')?.querySelector<HTMLElement>('table') ?? null;
  if (table && !table.hasAttribute('tabindex')) table.setAttribute('tabindex', '-1');
  return table;
}

/** Focuses `opener` if it is still shown, else `fallback` (the list it acted on); false if neither could be. */
export function returnFocus(opener: HTMLElement | null | undefined, fallback: HTMLElement | null): boolean {
  const target = isShown(opener) ? opener : fallback;
  if (!target) return false;
  target.focus({ preventScroll: !isShown(opener) });
  return document.activeElement === target;
}

/** The page's container (react-admin's `#main-content`, as after a page change: `Layout.tsx`). */
export function pageContainer(): HTMLElement | null {
  const main = document.getElementById('main-content');
  if (main && !main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  return main;
}
