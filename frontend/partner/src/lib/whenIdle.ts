/**
 * Runs `fn` once the browser is idle (at the latest after `timeout` ms), so work that can wait
 * does not lengthen a busy phone's tasks. Returns a function that cancels it. Safari has no
 * `requestIdleCallback`: there a timer stands in.
 */
export function whenIdle(fn: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 0);
  return () => window.clearTimeout(id);
}
