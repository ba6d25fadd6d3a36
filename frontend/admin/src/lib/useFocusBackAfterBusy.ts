import { useEffect, useRef } from 'react';
import { pageContainer, returnFocus } from './returnFocus';

/**
 * For a button that is disabled while the change it started runs (a user's Lock after its
 * confirmation): the browser drops focus from a disabled button, and its dialog gave focus back
 * to it as it was disabled, so focus was lost. When `busy` ends with focus nowhere, it goes back
 * to the button (the ref this returns), or to the page if the button is gone (Make admin, once
 * the user is one).
 */
/**
 * Once the next render is painted, focus left nowhere (on the body) goes to `target`, or to the
 * page when there is none; answers the frame, to cancel.
 */
export const focusIfLostAfterRender = (target: HTMLElement | null) =>
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!active || active === document.body) returnFocus(target, pageContainer());
  });

export function useFocusBackAfterBusy<T extends HTMLElement>(busy: boolean) {
  const button = useRef<T>(null);
  const wasBusy = useRef(busy);
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!ended) return;
    // after the record's refetch has rendered the page again (the button may go with it)
    const frame = focusIfLostAfterRender(button.current);
    return () => cancelAnimationFrame(frame);
  }, [busy]);
  // removed while (or as soon as) its change ran: the page, if focus went nowhere
  useEffect(
    () => () => {
      if (wasBusy.current) focusIfLostAfterRender(null);
    },
    [],
  );
  return button;
}
