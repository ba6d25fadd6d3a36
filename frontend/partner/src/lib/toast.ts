import { createStore } from './store';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface ToastOptions {
  /**
   * the control the toast talks about, or several (the most important first, e.g. the form's
   * button that was pressed, then the field in error): the toast is placed where it covers none
   * of them, or at least not the first
   */
  near?: Element | null | readonly (Element | null | undefined)[];
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
  /** raised by a key (or a screen reader's click), not by a pointer */
  byKeyboard: boolean;
}

/** At most one toast at a time, dismissed after 2000 ms (spec section 9). */
export const TOAST_DURATION_MS = 2000;
export const TOAST_MAX_COUNT = 1;
/**
 * A toast with a button raised from the keyboard waits ten times as long (WCAG 2.2.1's "at least
 * ten times"): the 2 s are for a pointer next to the button, not for a screen reader reading it out.
 */
export const KEYBOARD_TOAST_DURATION_MS = 10 * TOAST_DURATION_MS;
/** The key that takes the focus to the toast's button (Undo), as Radix's toasts do. */
export const TOAST_ACTION_KEY = 'F8';

/**
 * How the partner last acted: a key, or a click with no pointer behind it (`detail` 0: Enter or
 * Space on a button, a screen reader's "activate"), against a pointer's press.
 */
let lastByKeyboard = false;
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', () => (lastByKeyboard = true), true);
  document.addEventListener('pointerdown', () => (lastByKeyboard = false), true);
  document.addEventListener('click', (e) => (lastByKeyboard = e.detail === 0), true);
}

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
    push({ kind, title, description, ...options, byKeyboard: lastByKeyboard });

export const toast = {
  success: showAs('success'),
  error: showAs('error'),
  info: showAs('info'),
  warning: showAs('warning'),
};

export type ToastPlacement = 'top' | 'bottom';

/**
 * The room a toast takes at either edge, in px: the top one stands 76 px down (under the top bar),
 * the bottom one 24 px up; a title and a three-line text on a 360 px phone is 143 px tall.
 */
const TOP_BAND = 76 + 150;
const BOTTOM_BAND = 24 + 150;

/**
 * Where a toast goes: at the top, unless the (first) control it talks about sits in the upper half
 * of the screen; then at the bottom. With several controls, the other edge when that one would
 * cover one of them and the other covers none; when both would, the edge that keeps the first
 * control clear.
 */
export function placementFor(near: ToastOptions['near'], viewportHeight: number): ToastPlacement {
  const controls = (Array.isArray(near) ? near : [near]).filter((c): c is Element => !!c);
  const [first] = controls;
  if (!first) return 'top';
  const boxes = controls.map((c) => c.getBoundingClientRect());
  const r = boxes[0]!;
  const preferred: ToastPlacement = (r.top + r.bottom) / 2 < viewportHeight / 2 ? 'bottom' : 'top';
  const other: ToastPlacement = preferred === 'top' ? 'bottom' : 'top';
  const covers = (edge: ToastPlacement, box: { top: number; bottom: number }) =>
    edge === 'top'
      ? box.bottom > 0 && box.top < TOP_BAND
      : box.top < viewportHeight && box.bottom > viewportHeight - BOTTOM_BAND;
  if (!boxes.some((b) => covers(preferred, b))) return preferred;
  if (!boxes.some((b) => covers(other, b))) return other;
  return covers(preferred, r) && !covers(other, r) ? other : preferred;
}
