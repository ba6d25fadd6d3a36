import { createStore } from './store';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface ToastOptions {
  /** the control the toast talks about: the toast is placed where it does not cover it */
  near?: Element | null;
  /**
   * the bottom left corner, whatever `near` says: for a toast over a page whose top and right
   * hold what the person reads first (the register form after the passcode)
   */
  bottomLeft?: boolean;
  /** a button in the toast (e.g. Undo); pressing it closes the toast */
  action?: { label: string; run: () => void };
}
export interface Toast extends ToastOptions {
  kind: ToastKind;
  title: string;
  description?: string;
}

/** At most one toast at a time, dismissed after 2000 ms (spec section 9). */
export const TOAST_DURATION_MS = 2000;
export const TOAST_MAX_COUNT = 1;

type Show = (t: Toast) => void;

let show: Show | null = null;
const pending: Toast[] = [];

/** Whether the toast host (antd notification, a lazy chunk) has been asked for. */
export const toastHost = createStore({ wanted: false });

/** Called by the toast host once it is mounted. */
export function attachToastHost(fn: Show): () => void {
  show = fn;
  pending.splice(0).forEach(fn);
  return () => {
    if (show === fn) show = null;
  };
}

function push(t: Toast) {
  if (show) show(t);
  else {
    pending.push(t);
    toastHost.set({ wanted: true });
  }
}

const showAs =
  (kind: ToastKind) =>
  (title: string, description?: string, options: ToastOptions = {}) =>
    push({ kind, title, description, ...options });

export const toast = {
  success: showAs('success'),
  error: showAs('error'),
  info: showAs('info'),
  warning: showAs('warning'),
};

export type ToastPlacement = 'top' | 'bottom';

/**
 * Where a toast goes: at the top, unless the control it talks about sits in the upper half of
 * the screen; then at the bottom, so it never covers that control.
 */
export function placementFor(near: Element | null | undefined, viewportHeight: number): ToastPlacement {
  if (!near) return 'top';
  const r = near.getBoundingClientRect();
  return (r.top + r.bottom) / 2 < viewportHeight / 2 ? 'bottom' : 'top';
}
