import { useSyncExternalStore } from 'react';

/** A tiny external store for app-wide UI state (no extra dependency, no context re-renders). */
export function createStore<S extends object>(initial: S) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch: Partial<S>) {
      const next = { ...state, ...patch };
      if (Object.keys(patch).every((k) => Object.is(next[k as keyof S], state[k as keyof S]))) return;
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    use<T>(select: (s: S) => T): T {
      return useSyncExternalStore(
        this.subscribe,
        () => select(state),
        () => select(state),
      );
    },
  };
}
