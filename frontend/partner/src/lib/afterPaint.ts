/**
 * Runs `fn` once the browser has painted what is in the page now: a requestAnimationFrame
 * callback runs just before the next frame's paint, and a task it queues runs after it. A time
 * the visitor should see something for counts from there, not from its mount: a busy phone may
 * paint it long after. Returns a function that cancels it.
 */
export function afterPaint(fn: () => void): () => void {
  let task: number | undefined;
  const frame = requestAnimationFrame(() => {
    task = window.setTimeout(fn);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(task);
  };
}
