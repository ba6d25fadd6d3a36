/**
 * When a tooltip opens (spec 000 section 9): after 700 ms of hovering its control; within 300 ms
 * of another tooltip closing, at once (moving along the top bar shows each one without waiting
 * again).
 */
const HINT_OPEN_DELAY_MS = 700;
const HINT_SKIP_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

/** How long a pointer resting on a control waits for its tooltip, at `now`. */
export const hintOpenDelay = (now: number): number =>
  now - lastClosedAt < HINT_SKIP_MS ? 0 : HINT_OPEN_DELAY_MS;

/** Records that a tooltip closed at `now`. */
export function hintClosed(now: number): void {
  lastClosedAt = now;
}
