import { createStore } from './store';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
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

export const toast = {
  success: (title: string, description?: string) => push({ kind: 'success', title, description }),
  error: (title: string, description?: string) => push({ kind: 'error', title, description }),
  info: (title: string, description?: string) => push({ kind: 'info', title, description }),
  warning: (title: string, description?: string) => push({ kind: 'warning', title, description }),
};
