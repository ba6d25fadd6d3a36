import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/** How long a page may take to show its heading before the focus goes to `<main>` instead. */
const HEADING_WAIT_MS = 5000;

/**
 * After a move to another page (not the first load, not a change of the query alone), the focus
 * goes to the new page's `<h1>` (or to `<main>` when none appears), so a screen reader reads where
 * the partner now is and the next Tab starts in the page, not at the top bar. Left alone when
 * something else has taken the focus meanwhile (a dialog's field, the page's own choice): only a
 * focus still on the body or on the control that started the move is taken.
 */
export function useFocusOnNavigation() {
  // the page the router has finished loading (the previous one stays while a loader runs)
  const pathname = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).pathname });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const from = document.activeElement;
    const free = () => {
      const now = document.activeElement;
      return !now || now === document.body || now === from;
    };
    const land = (target: HTMLElement) => {
      if (!free()) return;
      if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
      target.focus({ preventScroll: true });
    };
    const heading = () => main.querySelector<HTMLElement>('h1');
    let done = false;
    const finish = () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(timer);
    };
    const look = () => {
      const h1 = heading();
      if (done || !h1) return;
      finish();
      land(h1);
    };
    const observer = new MutationObserver(look);
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => {
      if (done) return;
      finish();
      land(heading() ?? main);
    }, HEADING_WAIT_MS);
    // the page may already be there (a route whose code and data were ready)
    queueMicrotask(look);
    return finish;
  }, [pathname]);
}
