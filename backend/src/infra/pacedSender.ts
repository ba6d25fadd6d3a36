/**
 * Sends the newest of the values offered to it, paced: at most one send in flight and at most one
 * per `gapMs`. An offer made while a send waits for its gap or is in flight replaces the value not
 * yet sent (coalescing: a burst of offers costs one send, and the value that goes out is the
 * newest); when a send completes, ok or failed, a pending value goes out under the same rule.
 *
 * The gap is measured on performance.now(), never Date.now(): a wall clock set back (a clock
 * correction, a test's fake Date) must not hold a send for as long as the jump.
 *
 * Even with no gap to wait, a send starts on a timer, not inside `offer`: offers made in the same
 * turn go out as one. The timer does not keep the process alive; `send` is what must cope with
 * being called after its connection was closed (the sender catches whatever it rejects with).
 */
export interface PacedSender<T> {
  offer(value: T): void;
}

export interface PacedSenderOptions<T> {
  gapMs: number;
  send: (value: T) => Promise<unknown>;
}

export function createPacedSender<T>({ gapMs, send }: PacedSenderOptions<T>): PacedSender<T> {
  /** a send is waiting for its gap or in flight */
  let busy = false;
  let pending: { value: T } | null = null;
  let sentAt = -Infinity;

  function schedule() {
    busy = true;
    setTimeout(sendPending, Math.max(0, sentAt + gapMs - performance.now())).unref();
  }

  function sendPending() {
    const { value } = pending!;
    pending = null;
    sentAt = performance.now();
    Promise.resolve()
      .then(() => send(value))
      .catch(() => undefined)
      .finally(() => {
        busy = false;
        if (pending) schedule();
      });
  }

  return {
    offer(value) {
      pending = { value };
      if (!busy) schedule();
    },
  };
}
